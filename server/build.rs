//! Makes sure the front-end folder that `web::Dist` embeds exists, so the server compiles before the front-end is
//! built (the binary then serves a "run make build" page), and rebuilds when the front-end changes.
fn main() {
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/dist");
    std::fs::create_dir_all(&dist).expect("create web/dist");
    println!("cargo:rerun-if-changed=../web/dist");
    println!("cargo:rerun-if-changed=demo");
    println!("cargo:rerun-if-changed=migrations");
}
