//! Stores as shoppers see them (issue 8; spec §3 "Contact item (store)", "Working hours today", §7
//! `workingHoursToday`): the owner's description, today's hours in the store's time zone at a given moment
//! (`crate::domain::working_hours`), and the shop's rating from its published reviews.

use crate::db;
use crate::db::Db;
use crate::domain::reviews::{mean_tenths, reviews_declension};
use crate::domain::stores::StoreData;
use crate::domain::working_hours::{Today, today_at};
use crate::limits::REVIEWS_PAGE_PATH;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// The shop's rating (spec §3 `ratingValue`, `reviewsCount`, `reviewsPageLink`), the same on every store.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rating {
    /// Mean stars of the published reviews, one decimal (4.6); `null` without reviews.
    #[schema(required)]
    pub rating_value: Option<f64>,
    /// Published reviews.
    pub reviews_count: i64,
    /// "отзыв", "отзыва" or "отзывов": the word after `reviewsCount` (spec §3; Russian plural rules).
    pub reviews_declension: &'static str,
    /// The reviews page: `/reviews/`.
    pub reviews_page_link: String,
}

/// A store as shoppers see it: the owner's description ([`StoreData`], the format `vitrina stores import` reads)
/// plus `today` and the rating, which an import ignores.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreAnswer {
    /// The owner's description of the store.
    #[serde(flatten)]
    pub store: StoreData,
    /// The shop's rating from its published reviews.
    #[serde(flatten)]
    pub rating: Rating,
    /// Today's hours and whether the store is open now; `null` when its week has no entry for today.
    #[schema(required)]
    pub today: Option<Today>,
}

/// The shop's rating now.
pub async fn shop_rating(pool: &Db) -> sqlx::Result<Rating> {
    let (count, sum) = db::reviews::published_stats(pool).await?;
    // Tenths fit in f64 exactly enough to print one decimal (46 → 4.6).
    #[allow(clippy::cast_precision_loss)]
    let rating_value = mean_tenths(sum, count).map(|tenths| tenths as f64 / 10.0);
    Ok(Rating {
        rating_value,
        reviews_count: count,
        reviews_declension: reviews_declension(count),
        reviews_page_link: REVIEWS_PAGE_PATH.to_owned(),
    })
}

fn answer(store: StoreData, rating: Rating, now: DateTime<Utc>) -> StoreAnswer {
    // The time zone was checked at import; a row that no longer parses shows no `today` rather than failing.
    let today = store.timezone.parse().ok().and_then(|tz| today_at(&store.working_hours, tz, now));
    StoreAnswer { store, rating, today }
}

/// Every store at `now`, the main one first (the header's contacts panel shows the first). Errors: the database's,
/// or a stored store that no longer reads.
pub async fn stores(pool: &Db, now: DateTime<Utc>) -> anyhow::Result<Vec<StoreAnswer>> {
    let rating = shop_rating(pool).await?;
    Ok(db::stores::list(pool).await?.into_iter().map(|s| answer(s, rating.clone(), now)).collect())
}

/// When the first of `stores` may show other hours or another status than at `now`
/// ([`crate::domain::working_hours::next_change`]); `None` without stores.
pub fn next_change(stores: &[StoreAnswer], now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    stores
        .iter()
        .filter_map(|s| {
            let tz = s.store.timezone.parse().ok()?;
            Some(crate::domain::working_hours::next_change(&s.store.working_hours, tz, now))
        })
        .min()
}

/// Every store as stored, the main one first, without the hours worked out (the contacts page's JSON-LD).
pub async fn store_list(pool: &Db) -> anyhow::Result<Vec<crate::domain::stores::StoreData>> {
    db::stores::list(pool).await
}

/// The store `id` at `now`; `None` when there is none. Errors as [`stores`].
pub async fn store(pool: &Db, id: i64, now: DateTime<Utc>) -> anyhow::Result<Option<StoreAnswer>> {
    let Some(store) = db::stores::find(pool, id).await? else { return Ok(None) };
    Ok(Some(answer(store, shop_rating(pool).await?, now)))
}
