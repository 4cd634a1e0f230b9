//! Table `reviews` (issue 8). Each function says the SQL it runs.

use super::Db;
use super::now_text;
use crate::domain::reviews::CleanReview;
use serde::Serialize;
use utoipa::ToSchema;

/// A review as shoppers see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    /// The review's number (`vitrina reviews publish ID`).
    pub id: i64,
    /// Stars, 1..=5.
    pub rating: i64,
    /// The reviewer's name as shown.
    pub name: String,
    /// As typed (plain text: shown escaped, never as HTML).
    pub text: String,
    /// RFC 3339, UTC.
    pub created_at: String,
}

/// A review as the owner sees it (`vitrina reviews list`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
pub struct OwnerReview {
    /// The review.
    #[sqlx(flatten)]
    #[serde(flatten)]
    pub review: Review,
    /// `pending` or `published`.
    pub status: String,
}

/// Whether a new review is shown at once or waits for the owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Publication {
    /// Shown at once (`VITRINA_REVIEWS_AUTOPUBLISH`).
    Published,
    /// Shown once the owner publishes it.
    Pending,
}

impl Publication {
    /// The `status` column's value, also the API's: `published` or `pending`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Published => "published",
            Self::Pending => "pending",
        }
    }
}

/// `INSERT INTO reviews`: the review, published now or pending; returns it.
pub async fn insert(
    db: &Db,
    review: &CleanReview,
    publication: Publication,
    visitor_id: &str,
    client_addr: Option<&str>,
) -> sqlx::Result<Review> {
    let now = now_text();
    let status = publication.as_str();
    let published_at = (publication == Publication::Published).then_some(now.as_str());
    let id: i64 = on_pool!(db, pool => sqlx::query_scalar(
        "INSERT INTO reviews (rating, name, body, status, visitor_id, client_addr, created_at, published_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(review.rating)
    .bind(&review.name)
    .bind(&review.text)
    .bind(status)
    .bind(visitor_id)
    .bind(client_addr)
    .bind(&now)
    .bind(published_at)
    .fetch_one(pool)
    .await)?;
    Ok(Review { id, rating: review.rating, name: review.name.clone(), text: review.text.clone(), created_at: now })
}

/// `SELECT … WHERE status = 'published' ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`: one page of the
/// published reviews, newest first.
pub async fn published_page(db: &Db, page: u32, per_page: u32) -> sqlx::Result<Vec<Review>> {
    on_pool!(db, pool => sqlx::query_as(
        "SELECT id, rating, name, body AS text, created_at FROM reviews WHERE status = 'published'
         ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2",
    )
    .bind(i64::from(per_page))
    .bind(i64::from(page.saturating_sub(1)) * i64::from(per_page))
    .fetch_all(pool)
    .await)
}

/// `SELECT count(*), sum(rating) … WHERE status = 'published'`: how many published reviews and their stars.
pub async fn published_stats(db: &Db) -> sqlx::Result<(i64, i64)> {
    on_pool!(db, pool => sqlx::query_as("SELECT count(*), CAST(coalesce(sum(rating), 0) AS BIGINT) FROM reviews WHERE status = 'published'")
        .fetch_one(pool)
        .await)
}

/// `SELECT … ORDER BY id`: every review (or only the pending ones) for the owner.
pub async fn list_for_owner(db: &Db, pending_only: bool) -> sqlx::Result<Vec<OwnerReview>> {
    on_pool!(db, pool => sqlx::query_as(
        "SELECT id, rating, name, body AS text, created_at, status FROM reviews
         WHERE status = 'pending' OR $1 = FALSE ORDER BY id",
    )
    .bind(pending_only)
    .fetch_all(pool)
    .await)
}

/// `UPDATE reviews SET status = 'published' … WHERE id = ? AND status = 'pending'` for each id; returns how many
/// were published (ids unknown or already published are left as they are).
pub async fn publish(db: &Db, ids: &[i64]) -> sqlx::Result<u64> {
    let mut tx = db.begin().await?;
    let mut changed = 0;
    for id in ids {
        changed += on_tx!(tx, tx => sqlx::query(
            "UPDATE reviews SET status = 'published', published_at = $1 WHERE id = $2 AND status = 'pending'",
        )
        .bind(now_text())
        .bind(id)
        .execute(&mut *tx)
        .await.map(|r| r.rows_affected()))?;
    }
    tx.commit().await?;
    Ok(changed)
}

/// `DELETE FROM reviews WHERE id = ?` for each id; returns how many were deleted.
pub async fn delete(db: &Db, ids: &[i64]) -> sqlx::Result<u64> {
    let mut tx = db.begin().await?;
    let mut changed = 0;
    for id in ids {
        changed += on_tx!(tx, tx => sqlx::query("DELETE FROM reviews WHERE id = $1").bind(id).execute(&mut *tx).await.map(|r| r.rows_affected()))?;
    }
    tx.commit().await?;
    Ok(changed)
}
