//! An order's life cycle (issue 37): its statuses and the moves between them, checked on the server whoever asks
//! (the back office, the CLI, 1C's exchange). Pure: no database, no HTTP.
//!
//! ```text
//! new → accepted → paid → shipped → completed
//!  └──────┴─────────┴───────┴──→ cancelled
//! ```
//!
//! A move goes forward along the line, skipping steps when the shop needs to (a pick-up order paid at the counter
//! goes from `accepted` to `completed`), or to `cancelled` from any status before `completed`. `completed` and
//! `cancelled` are final. Moving to the status an order already has is no move.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// An order's status, in the order of its life (issue 37).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OrderStatus {
    /// Placed by the shopper; nobody has looked at it yet.
    New,
    /// The shop took it on (checked the stock, called the shopper).
    Accepted,
    /// Paid.
    Paid,
    /// Handed to the courier or ready at the pick-up point.
    Shipped,
    /// Received by the shopper. Final.
    Completed,
    /// Cancelled by the shop or at the shopper's request. Final.
    Cancelled,
}

/// Why a status change was refused: the API answers 409 with the code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MoveRefused {
    /// The order is `completed` or `cancelled`: `ORDER_STATUS_FINAL`.
    #[error("the order is {0}: a final status does not change")]
    Final(OrderStatus),
    /// A move backwards (`shipped` → `accepted`): `ORDER_STATUS_BACKWARDS`.
    #[error("an order cannot go back from {from} to {to}")]
    Backwards { from: OrderStatus, to: OrderStatus },
    /// The order already has that status: `ORDER_STATUS_SAME`.
    #[error("the order is {0} already")]
    Same(OrderStatus),
}

impl MoveRefused {
    /// The error code the API and the CLI name the refusal by.
    pub fn code(self) -> &'static str {
        match self {
            Self::Final(_) => "ORDER_STATUS_FINAL",
            Self::Backwards { .. } => "ORDER_STATUS_BACKWARDS",
            Self::Same(_) => "ORDER_STATUS_SAME",
        }
    }
}

impl OrderStatus {
    /// Every status, in the order of an order's life.
    pub const ALL: [Self; 6] = [Self::New, Self::Accepted, Self::Paid, Self::Shipped, Self::Completed, Self::Cancelled];

    /// `new`, `accepted`, `paid`, `shipped`, `completed` or `cancelled`: as stored, sent and typed at the CLI.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::New => "new",
            Self::Accepted => "accepted",
            Self::Paid => "paid",
            Self::Shipped => "shipped",
            Self::Completed => "completed",
            Self::Cancelled => "cancelled",
        }
    }

    /// The status named `text` exactly (lower case), `None` otherwise.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Whether no move leaves this status.
    pub fn is_final(self) -> bool {
        matches!(self, Self::Completed | Self::Cancelled)
    }

    /// Whether the order may move from `self` to `to` (see the module's rules), else why not.
    pub fn check_move(self, to: Self) -> Result<(), MoveRefused> {
        if self.is_final() {
            return Err(MoveRefused::Final(self));
        }
        if self == to {
            return Err(MoveRefused::Same(self));
        }
        if to == Self::Cancelled || to > self { Ok(()) } else { Err(MoveRefused::Backwards { from: self, to }) }
    }

    /// The statuses `self` may move to, in life order (empty for a final one): what the back office offers.
    pub fn next(self) -> Vec<Self> {
        Self::ALL.into_iter().filter(|to| self.check_move(*to).is_ok()).collect()
    }
}

impl std::fmt::Display for OrderStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Who changed an order's status, as its history records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum ActorKind {
    /// A staff member in the back office (`actor` names them by e-mail).
    #[serde(rename = "staff")]
    Staff,
    /// `vitrina orders set-status` (`actor` names the system user, when known).
    #[serde(rename = "cli")]
    Cli,
    /// 1C's exchange (CommerceML, a later issue).
    #[serde(rename = "1c")]
    OneC,
}

impl ActorKind {
    /// `staff`, `cli` or `1c`, as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Staff => "staff",
            Self::Cli => "cli",
            Self::OneC => "1c",
        }
    }

    /// The kind named `text` exactly.
    pub fn parse(text: &str) -> Option<Self> {
        [Self::Staff, Self::Cli, Self::OneC].into_iter().find(|k| k.as_str() == text)
    }
}

#[cfg(test)]
mod tests {
    use super::OrderStatus::*;
    use super::*;

    #[test]
    fn forward_moves_and_cancelling_before_completion_are_allowed() {
        assert_eq!(New.next(), vec![Accepted, Paid, Shipped, Completed, Cancelled]);
        assert_eq!(Accepted.next(), vec![Paid, Shipped, Completed, Cancelled]);
        assert_eq!(Shipped.next(), vec![Completed, Cancelled]);
        assert!(Completed.next().is_empty());
        assert!(Cancelled.next().is_empty());
    }

    #[test]
    fn every_refusal_has_its_code() {
        assert_eq!(Shipped.check_move(Accepted).unwrap_err().code(), "ORDER_STATUS_BACKWARDS");
        assert_eq!(Completed.check_move(Cancelled).unwrap_err().code(), "ORDER_STATUS_FINAL");
        assert_eq!(Cancelled.check_move(New).unwrap_err().code(), "ORDER_STATUS_FINAL");
        assert_eq!(Paid.check_move(Paid).unwrap_err().code(), "ORDER_STATUS_SAME");
    }

    #[test]
    fn names_round_trip() {
        for status in OrderStatus::ALL {
            assert_eq!(OrderStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(OrderStatus::parse("Shipped"), None);
        assert_eq!(ActorKind::parse("1c"), Some(ActorKind::OneC));
    }
}
