//! The shop's own pictures (issue 24): each picture a feed names is downloaded once, checked, kept in the picture
//! store under its content address, and served in fixed widths as AVIF, WebP and JPEG from
//! `/pictures/{id}/{width}.{format}` (`web::pictures`).
//!
//! - [`address`]: which addresses may be dialled (the SSRF guard);
//! - [`fetch`]: the download (reqwest), its limits and validators;
//! - [`derive`]: sniffing, decoding under limits, scaling and encoding;
//! - [`store`]: the files, content-addressed;
//! - [`worker`]: the background worker that ties them to the `pictures` rows;
//! - [`failure`]: the reasons recorded when a picture cannot be had.

pub mod address;
pub mod derive;
pub mod failure;
pub mod fetch;
pub mod store;
pub mod worker;

pub use store::PictureStore;
pub use worker::{PictureWorker, RunMode, WorkerSettings};
