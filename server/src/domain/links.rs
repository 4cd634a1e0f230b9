//! Links the shop owner writes (menu items, a form's consent link): a path of the shop's own site, or an absolute
//! web link. A path must stay on the site: browsers read `\` as `/` in web addresses, so `/\evil.example/` is the
//! protocol-relative `//evil.example/` and leaves the shop (issue 20).

/// Whether `url` is a path of this site: it starts with one `/`, and holds no `\` anywhere (WHATWG URL parsing turns
/// each into `/`, so `/\host` and `/\/host` lead off-site).
pub fn is_site_path(url: &str) -> bool {
    url.starts_with('/') && !url.starts_with("//") && !url.contains('\\')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_site_path_stays_on_the_site() {
        for ok in ["/", "/catalog/", "/contacts/#store-1", "/search/?q=a%5Cb"] {
            assert!(is_site_path(ok), "{ok}");
        }
        for off in
            ["//evil.example/", "/\\evil.example/", "/\\/evil.example/", "/a\\b", "https://x.example/", "catalog/"]
        {
            assert!(!is_site_path(off), "{off}");
        }
    }
}
