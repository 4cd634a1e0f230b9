//! Fuzz target `yml` (issue 9, `make fuzz`): any bytes as a YML feed. The reader must return items or a
//! `FeedError`, never panic, loop or blow up; every offer it yields goes through the import's own checks
//! (`check_offer`: name, currency, price in minor units, old price, description sanitised by ammonia).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::collections::HashSet;
use vitrina::feeds::offer::check_offer;
use vitrina::feeds::yml::{FeedItem, YmlReader};

fuzz_target!(|data: &[u8]| {
    let Ok(mut reader) = YmlReader::new(std::io::Cursor::new(data.to_vec())) else { return };
    let mut sections = HashSet::new();
    // A feed of N bytes has fewer than N items; the bound turns an endless loop into a finding.
    for _ in 0..=data.len() {
        match reader.next_item() {
            Ok(Some(FeedItem::Category { id, .. })) => {
                sections.insert(id);
            }
            Ok(Some(FeedItem::Offer(raw))) => {
                let _ = check_offer(*raw, "RUB", &sections);
            }
            Ok(Some(_)) => {}
            Ok(None) | Err(_) => return,
        }
    }
    panic!("the reader yielded more items than the feed has bytes");
});
