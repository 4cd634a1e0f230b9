//! 1C's exchange (issue 38): 1C:Enterprise (Trade Management, Retail, UNF) sends the shop its goods, prices and stock
//! over HTTP in CommerceML 2, the protocol Bitrix's `catalog.import.1c` and the CommerceML modules of WooCommerce,
//! OpenCart and PrestaShop speak. `web::exchange` answers 1C's calls at `/1c/exchange`; [`files`] keeps the uploads in the
//! exchange's folder; [`catalog`] applies them to the catalogue through the writer the YML import uses.
//!
//! One exchange runs in one instance: its folder is that instance's. Behind a load balancer, send `/1c/` to one
//! instance (docs/operations.md "Connecting 1C").

pub mod catalog;
pub mod files;
pub mod sale;

use crate::db::Db;
use crate::pictures::PictureStore;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The exchange's settings (`VITRINA_1C_*`, docs/operations.md "Connecting 1C").
#[derive(Debug, Clone)]
pub struct ExchangeSettings {
    /// The exchange user and password 1C sends with HTTP Basic authentication; empty: only staff accounts of the
    /// `exchange` role authenticate.
    pub user: String,
    pub password: String,
    /// The exchange's folder.
    pub dir: PathBuf,
    /// Whether `mode=init` asks 1C for zip archives (`zip=yes`).
    pub zip: bool,
    /// Most bytes of one `mode=file` call (`file_limit`).
    pub file_limit: u64,
    /// The folder's limits.
    pub caps: files::Caps,
    /// The price type offers are sold at (its `Ид` or `Наименование`); `None`: the first the exchange lists.
    pub price_type: Option<String>,
    /// The price type shown as the old (crossed-out) price, when it is higher.
    pub old_price_type: Option<String>,
    /// How long `mode=import` waits for the import before answering `progress` (1C then calls again).
    pub step: Duration,
    /// How the orders go to 1C.
    pub sale: sale::SaleSettings,
}

/// Where one package's import stands (by package key, with the files it applies).
#[derive(Debug, Clone)]
pub enum Job {
    /// Under way: `mode=import` answers `progress`.
    Running,
    /// Done: `mode=import` of any of its files answers `success` or `failure` and the reason, until `mode=init`.
    Done(Result<String, String>),
}

/// The exchange of one shop instance.
pub struct Exchange {
    pub settings: ExchangeSettings,
    db: Db,
    pictures: PictureStore,
    /// By package key: where its import stands, and which of its files it applies.
    jobs: Mutex<HashMap<String, (Job, Vec<String>)>>,
    /// The first import of this exchange session (since `mode=init`): a full package takes off what no package of the
    /// session listed.
    floor: Mutex<Option<i64>>,
}

impl Exchange {
    /// The exchange of the shop on `db`, keeping 1C's pictures in `pictures`.
    pub fn new(settings: ExchangeSettings, db: Db, pictures: PictureStore) -> Arc<Self> {
        Arc::new(Self { settings, db, pictures, jobs: Mutex::new(HashMap::new()), floor: Mutex::new(None) })
    }

    pub fn jobs(&self) -> std::sync::MutexGuard<'_, HashMap<String, (Job, Vec<String>)>> {
        self.jobs.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The session's first import, `None` until one ran (`mode=init` forgets it).
    pub fn session_floor(&self) -> std::sync::MutexGuard<'_, Option<i64>> {
        self.floor.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
