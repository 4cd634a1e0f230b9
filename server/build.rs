//! Makes sure the front-end folders that the binary embeds exist (`web::Dist`, the browser's build; `web::render`,
//! the server bundle), so the server compiles before the front-end is built (the binary then serves a "run make
//! build" page and renders nothing), and rebuilds when the front-end changes.
fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for folder in ["../web/dist", "../web/dist-server"] {
        std::fs::create_dir_all(root.join(folder)).expect("create the front-end's build folders");
        println!("cargo:rerun-if-changed={folder}");
    }
    println!("cargo:rerun-if-changed=demo");
    println!("cargo:rerun-if-changed=migrations");
}
