//! Offer ids by ordinal, packed (issue 39: `serve`'s memory). The search index names its products by ordinal and the
//! facet index by the same dense id, so both hold one list of ids, shared ([`std::sync::Arc`]). Packed, an id costs
//! its bytes and 4 more, where a `String` apiece cost 24 bytes and an allocation (a 1C id is a 36-byte GUID: 48 bytes
//! of it with the allocator's rounding): at a million products the two lists took some 50 MB.
//!
//! An empty id stands for an ordinal no longer shown (an import's update leaves the old ordinals of the products it
//! changed or removed in place).

use serde::{Deserialize, Deserializer, Serialize};

/// Ids by ordinal: `text[ends[i - 1]..ends[i]]` (from 0 for the first).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct OfferIds {
    text: String,
    ends: Vec<u64>,
}

impl OfferIds {
    /// Ids of these ordinals, in order.
    pub fn from_ids<S: AsRef<str>>(ids: impl IntoIterator<Item = S>) -> Self {
        let mut out = Self::default();
        for id in ids {
            out.push(id.as_ref());
        }
        out
    }

    /// Appends the id of the next ordinal (`""`: not shown).
    pub fn push(&mut self, id: &str) {
        self.text.push_str(id);
        self.ends.push(self.text.len() as u64);
    }

    /// The id of `ordinal` (`Some("")` for one no longer shown; `None` past the last).
    #[inline]
    pub fn get(&self, ordinal: usize) -> Option<&str> {
        let end = *self.ends.get(ordinal)? as usize;
        let start = if ordinal == 0 { 0 } else { self.ends[ordinal - 1] as usize };
        self.text.get(start..end)
    }

    /// Ordinals given, shown or not.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether no ordinal was given.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The ids in ordinal order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        (0..self.len()).map(|ordinal| self.get(ordinal).unwrap_or_default())
    }

    /// The same ids with the ordinals `gone` says are gone emptied (no longer shown).
    pub fn without(&self, gone: impl Fn(u32) -> bool) -> Self {
        let mut out = Self { text: String::with_capacity(self.text.len()), ends: Vec::with_capacity(self.len()) };
        for (ordinal, id) in self.iter().enumerate() {
            out.push(if gone(ordinal as u32) { "" } else { id });
        }
        out
    }

    /// Bytes held (the text and the ends, not the spare capacity).
    pub fn approx_bytes(&self) -> usize {
        self.text.len() + self.ends.len() * 8
    }
}

/// Read back only when the ends rise within the text and cut it at character boundaries: `state.bin` is ours, but a
/// torn or foreign file must fail to open (and be rebuilt), not panic on a lookup.
impl<'de> Deserialize<'de> for OfferIds {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Raw {
            text: String,
            ends: Vec<u64>,
        }
        let Raw { text, ends } = Raw::deserialize(deserializer)?;
        let mut start = 0;
        for &end in &ends {
            let end = usize::try_from(end).unwrap_or(usize::MAX);
            if end < start || !text.is_char_boundary(end) {
                return Err(serde::de::Error::custom("offer ids: an end out of order or within a character"));
            }
            start = end;
        }
        if start != text.len() {
            return Err(serde::de::Error::custom("offer ids: text past the last end"));
        }
        Ok(Self { text, ends })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back_by_ordinal_with_empty_ones_for_ordinals_not_shown() {
        let ids = OfferIds::from_ids(["G1", "", "bd72d8f9-55bc-11d9-848a-00112f43529a#ёж", "x"]);
        assert_eq!(ids.len(), 4);
        assert_eq!(ids.get(0), Some("G1"));
        assert_eq!(ids.get(1), Some(""));
        assert_eq!(ids.get(2), Some("bd72d8f9-55bc-11d9-848a-00112f43529a#ёж"));
        assert_eq!(ids.get(3), Some("x"));
        assert_eq!(ids.get(4), None);
        assert_eq!(ids.iter().collect::<Vec<_>>(), ["G1", "", "bd72d8f9-55bc-11d9-848a-00112f43529a#ёж", "x"]);
    }

    #[test]
    fn without_empties_exactly_the_ordinals_gone() {
        let ids = OfferIds::from_ids(["a", "b", "c", "d"]);
        let gone = [3, 1, 9];
        assert_eq!(ids.without(|o| gone.contains(&o)).iter().collect::<Vec<_>>(), ["a", "", "c", ""]);
        assert_eq!(ids.without(|_| false), ids);
    }

    #[test]
    fn a_round_trip_keeps_the_ids_and_a_torn_list_does_not_open() {
        let ids = OfferIds::from_ids(["G1", "ёлка", ""]);
        let bytes = postcard::to_allocvec(&ids).unwrap();
        assert_eq!(postcard::from_bytes::<OfferIds>(&bytes).unwrap(), ids);
        for (text, ends) in [("ab", vec![1u64, 0]), ("ё", vec![1]), ("abc", vec![2]), ("a", vec![2])] {
            let torn = postcard::to_allocvec(&(text.to_owned(), ends.clone())).unwrap();
            assert!(postcard::from_bytes::<OfferIds>(&torn).is_err(), "{text:?} {ends:?}");
        }
    }
}
