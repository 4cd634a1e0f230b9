//! Preload hints in a page's first HTML (issue 9: Lighthouse LCP). Without them the browser learns of a page's work
//! one step at a time: the HTML names the entry script; the entry, once run, imports the page's route chunk; the
//! route, once rendered, asks the API; the answer names the picture. Each step costs a round trip (150 ms on
//! Lighthouse's slow 4G). The head now names all of it at once, so it loads in parallel with the entry script:
//!
//! - the route's chunks (`<link rel="modulepreload">`) and their stylesheets (`<link rel="preload" as="style">`:
//!   fetched now, applied when the route loader adds them, so they neither block the first paint nor change the
//!   cascade's order), read from Vite's `.vite/manifest.json`;
//! - the API answers the page asks for first (`<link rel="preload" as="fetch" crossorigin>`): the browser hands
//!   the preloaded answer to the app's `fetch` of the same URL instead of asking again, so each URL must be the
//!   front-end's own, byte for byte (the e2e test `preload.spec.ts` fails when one is fetched twice or not used);
//! - the product page's main picture (`<link rel="preload" as="image" fetchpriority="high">`).

use crate::domain::text::escape_html;
use crate::limits::{CATALOG_PAGE_SIZE, HOME_COLLECTION_LIMIT};
use serde::Deserialize;
use std::collections::{HashMap, HashSet};

/// The app's lazily loaded route modules (`web/src/app/router.tsx`), named by their source file, which is their key
/// in Vite's manifest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    Home,
    Catalog,
    /// A path under `/catalog/` that names no section or offer: the catalogue route's module draws "not found".
    CatalogPath,
    /// A section page: the catalogue route's module, which loads the section page's.
    Section,
    /// A product page: the catalogue route's module, which loads the product page's.
    Product,
    Compare,
    Search,
    Feedback,
    Cart,
    Checkout,
    Personal,
    MyOrders,
    PasswordReset,
    Contacts,
    Reviews,
    /// A guest's order page through the link of their confirmation mail (issue 37).
    OrderStatus,
    /// The back office (issue 37): its own lazy route tree, drawn in the browser only.
    Admin,
    NotFound,
}

impl Route {
    /// Whether the page is rendered on the server (issue 22): the public pages, the same for every visitor, and the
    /// "not found" page. The basket, checkout, compare list and account are a visitor's own and render in the browser.
    pub fn server_rendered(self) -> bool {
        matches!(
            self,
            Route::Home
                | Route::Catalog
                | Route::CatalogPath
                | Route::Section
                | Route::Product
                | Route::Search
                | Route::Contacts
                | Route::Reviews
                | Route::NotFound
        )
    }

    /// The modules' keys in the manifest: the route's, and the page's it loads first (`prepare` in
    /// `web/src/app/resolve-lazy.ts`).
    pub fn sources(self) -> &'static [&'static str] {
        const CATALOG_PATH: &str = "src/app/routes/catalog-path-route.tsx";
        match self {
            Route::Home => &["src/app/routes/home-route.tsx"],
            Route::Catalog => &["src/app/routes/catalog-route.tsx"],
            Route::CatalogPath => &[CATALOG_PATH],
            Route::Section => &[CATALOG_PATH, "src/app/routes/section-page.tsx"],
            Route::Product => &[CATALOG_PATH, "src/app/routes/product-page.tsx"],
            Route::Compare => &["src/app/routes/compare-route.tsx"],
            Route::Search => &["src/app/routes/search-route.tsx"],
            Route::Feedback => &["src/app/routes/feedback-route.tsx"],
            Route::Cart => &["src/app/routes/cart-route.tsx"],
            Route::Checkout => &["src/app/routes/checkout-route.tsx"],
            Route::Personal => &["src/app/routes/personal-route.tsx"],
            Route::MyOrders => &["src/app/routes/my-orders-route.tsx"],
            Route::PasswordReset => &["src/app/routes/password-reset-route.tsx"],
            Route::Contacts => &["src/app/routes/contacts-route.tsx"],
            Route::Reviews => &["src/app/routes/reviews-route.tsx"],
            Route::OrderStatus => &["src/app/routes/order-status-route.tsx"],
            Route::Admin => &["src/admin/admin-app.tsx"],
            Route::NotFound => &["src/app/routes/not-found-route.tsx"],
        }
    }
}

/// What one page preloads: its route module, the API URLs it asks for first (path and query, as the front-end
/// writes them) and the picture that is its largest paint.
#[derive(Debug, Clone, Default)]
pub struct Preload {
    pub route: Option<Route>,
    pub api: Vec<String>,
    pub image: Option<crate::domain::pictures::Picture>,
}

/// The API answers every page's head and shell ask for on load (session, shop, header menu, sections, stores for the
/// head's phone, the mini cart's and compare widget's counts).
const SHELL_API: [&str; 7] = [
    "/api/session",
    "/api/shop",
    "/api/sections",
    "/api/menus/top",
    "/api/stores",
    "/api/basket/summary",
    "/api/compare/count",
];

impl Preload {
    /// The shell's API answers plus `api`, for `route`.
    pub fn page(route: Route, api: impl IntoIterator<Item = String>) -> Self {
        Preload { route: Some(route), api: SHELL_API.map(str::to_owned).into_iter().chain(api).collect(), image: None }
    }

    /// The back office (issue 37): its module alone; it asks for none of the shop's answers.
    pub fn admin() -> Self {
        Preload { route: Some(Route::Admin), api: Vec::new(), image: None }
    }

    /// The home page: the first tab's collection (`new`, `HOME_COLLECTION_LIMIT` offers) and the viewed products.
    pub fn home() -> Self {
        Self::page(Route::Home, [format!("/api/collections/new?limit={HOME_COLLECTION_LIMIT}"), "/api/viewed".into()])
    }

    /// A listing's page (`/api/offers` or `/api/sections/{id}/offers`) as the front-end asks for it from the page's
    /// query ([`listing_request`]): every page, order and filter, so a numbered page is rendered in one attempt
    /// instead of finding its listing missing after the first.
    pub fn listing(route: Route, offers_path: &str, page_query: Option<&str>) -> Self {
        Self::page(route, listing_request(page_query.unwrap_or("")).map(|query| format!("{offers_path}?{query}")))
    }

    /// The route's modules (absolute paths) beyond what `index.html` loads, in the order to start them; none without a
    /// route or a manifest. A rendered page's boot script starts them (`web::scripts_after_the_paint`).
    pub fn modules(&self, manifest: Option<&Manifest>) -> Vec<String> {
        match (self.route, manifest) {
            (Some(route), Some(manifest)) => manifest.routes(route.sources()).modules,
            _ => Vec::new(),
        }
    }

    /// The link tags, in the order the browser should start them: stylesheets and modules, API answers, picture.
    /// `rendered`: the page's HTML is in the document (issue 22), so its route's stylesheets apply at once
    /// (`rel="stylesheet"`) and its modules are left to the boot script ([`Preload::modules`]); otherwise the
    /// stylesheets are only fetched until the route module adds them.
    pub fn tags(&self, manifest: Option<&Manifest>, rendered: bool) -> String {
        let mut tags = String::new();
        if let (Some(route), Some(manifest)) = (self.route, manifest) {
            let assets = manifest.routes(route.sources());
            for href in &assets.styles {
                let rel = if rendered { "rel=\"stylesheet\"" } else { "rel=\"preload\" as=\"style\"" };
                tags.push_str(&format!("<link {rel} crossorigin href=\"{}\">", escape_html(href)));
            }
            // A rendered page's boot script starts them after the paint ([`Preload::modules`]).
            if !rendered {
                for href in &assets.modules {
                    tags.push_str(&format!("{} href=\"{}\">", super::MODULE_PRELOAD, escape_html(href)));
                }
            }
        }
        for url in &self.api {
            tags.push_str(&format!("<link rel=\"preload\" as=\"fetch\" crossorigin href=\"{}\">", escape_html(url)));
        }
        if let Some(picture) = &self.image {
            // The format the page's `<picture>` offers first; a browser that cannot read it skips the preload.
            let format = picture.best_format();
            tags.push_str(&format!(
                "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" type=\"{}\" imagesrcset=\"{}\" \
                 imagesizes=\"{}\">",
                format.media_type(),
                escape_html(&picture.srcset(format)),
                escape_html(crate::limits::PICTURE_SIZES_PAGE)
            ));
        }
        tags
    }
}

/// The query of the listing request the front-end makes on a listing page whose URL query is `page_query`
/// (`parseListingSearch` and `listingQuery` in `web/src/features/catalog`): `page=N&perPage=20`, then `sort=…` and
/// `available=Y` when set, then the facet filters in their canonical order (`api::listing::canonical_filters`).
/// As there, the first of a repeated parameter counts, an unknown order or flag value is
/// the default, and other parameters (`utm_source`, `yclid`) are ignored. `None` for a page number written other
/// than in decimal digits, which the front-end reads by JavaScript's `Number` rules, or past
/// [`MAX_PAGE`](crate::limits::MAX_PAGE), which the API refuses (and `Number` rounds past 2^53); the render then
/// finds the request it misses by itself.
fn listing_request(page_query: &str) -> Option<String> {
    let (mut page, mut sort, mut available) = (None, None, None);
    for (key, value) in url::form_urlencoded::parse(page_query.as_bytes()) {
        match key.as_ref() {
            "page" if page.is_none() => page = Some(value),
            "sort" if sort.is_none() => sort = Some(value),
            "available" if available.is_none() => available = Some(value),
            _ => {}
        }
    }
    let page = match page.as_deref() {
        None | Some("") => 1,
        Some(digits) if digits.bytes().all(|b| b.is_ascii_digit()) => {
            digits.parse::<u64>().ok().filter(|&page| page <= u64::from(crate::limits::MAX_PAGE))?.max(1)
        }
        Some(_) => return None,
    };
    let mut query = format!("page={page}&perPage={CATALOG_PAGE_SIZE}");
    if let Some(sort) = sort.filter(|sort| crate::db::offers::OfferSort::from_param(sort).is_some()) {
        query.push_str(&format!("&sort={sort}"));
    }
    if available.as_deref() == Some("Y") {
        query.push_str("&available=Y");
    }
    let mut filters = url::form_urlencoded::Serializer::new(String::new());
    for (key, value) in crate::api::listing::canonical_filters(page_query) {
        filters.append_pair(&key, &value);
    }
    let filters = filters.finish();
    if !filters.is_empty() {
        query.push('&');
        query.push_str(&filters);
    }
    Some(query)
}

/// One chunk of Vite's manifest (the fields used here).
#[derive(Debug, Deserialize)]
struct Chunk {
    file: String,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default)]
    css: Vec<String>,
}

/// The files one route needs beyond what `index.html` already loads: modules and stylesheets, as absolute paths.
#[derive(Debug, Default, PartialEq)]
pub struct RouteAssets {
    pub modules: Vec<String>,
    pub styles: Vec<String>,
}

/// Vite's build manifest reduced to each route module's [`RouteAssets`].
#[derive(Debug, Default)]
pub struct Manifest {
    routes: HashMap<String, RouteAssets>,
}

impl Manifest {
    /// Reads `.vite/manifest.json` (`build.manifest` in `web/vite.config.ts`). Errors: not Vite's manifest JSON.
    pub fn parse(json: &[u8]) -> Result<Self, serde_json::Error> {
        let chunks: HashMap<String, Chunk> = serde_json::from_slice(json)?;
        // What the HTML's entry loads statically is in index.html's own tags already.
        let loaded: HashSet<String> = closure(&chunks, "index.html", &HashSet::new()).into_iter().collect();
        let routes = chunks
            .keys()
            .filter(|key| key.starts_with("src/app/routes/"))
            .map(|key| {
                let mut assets = RouteAssets::default();
                for visited in closure(&chunks, key, &loaded) {
                    let chunk = &chunks[&visited];
                    assets.modules.push(format!("/{}", chunk.file));
                    assets.styles.extend(chunk.css.iter().map(|css| format!("/{css}")));
                }
                (key.clone(), assets)
            })
            .collect();
        Ok(Manifest { routes })
    }

    /// The assets of the route module `source` (its manifest key), if the build has it.
    pub fn route(&self, source: &str) -> Option<&RouteAssets> {
        self.routes.get(source)
    }

    /// The assets of the modules `sources`, in order, each file once; those the build lacks are left out.
    pub fn routes(&self, sources: &[&str]) -> RouteAssets {
        let mut all = RouteAssets::default();
        for assets in sources.iter().filter_map(|source| self.route(source)) {
            for module in &assets.modules {
                if !all.modules.contains(module) {
                    all.modules.push(module.clone());
                }
            }
            for style in &assets.styles {
                if !all.styles.contains(style) {
                    all.styles.push(style.clone());
                }
            }
        }
        all
    }
}

/// Keys reachable from `start` through static imports, `start` first, skipping `skip`; in visiting order.
fn closure(chunks: &HashMap<String, Chunk>, start: &str, skip: &HashSet<String>) -> Vec<String> {
    let mut seen: HashSet<String> = HashSet::new();
    let mut order = Vec::new();
    let mut stack = vec![start.to_owned()];
    while let Some(key) = stack.pop() {
        if skip.contains(&key) || !chunks.contains_key(&key) || !seen.insert(key.clone()) {
            continue;
        }
        stack.extend(chunks[&key].imports.iter().rev().cloned());
        order.push(key);
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = r#"{
      "index.html": {"file": "assets/index-1.js", "isEntry": true, "imports": ["_framework-1.js"],
                     "css": ["assets/index-1.css"]},
      "_framework-1.js": {"file": "assets/framework-1.js"},
      "_grid-1.js": {"file": "assets/grid-1.js", "imports": ["_framework-1.js", "index.html"],
                     "css": ["assets/grid-1.css"]},
      "src/app/routes/home-route.tsx": {"file": "assets/home-route-1.js", "isDynamicEntry": true,
                     "imports": ["_framework-1.js", "index.html", "_grid-1.js"], "css": ["assets/home-route-1.css"]}
    }"#;

    #[test]
    fn a_route_preloads_its_chunks_and_styles_but_not_what_the_entry_loads() {
        let manifest = Manifest::parse(MANIFEST.as_bytes()).unwrap();
        assert_eq!(
            manifest.route(Route::Home.sources()[0]),
            Some(&RouteAssets {
                modules: vec!["/assets/home-route-1.js".into(), "/assets/grid-1.js".into()],
                styles: vec!["/assets/home-route-1.css".into(), "/assets/grid-1.css".into()],
            })
        );
        let tags = Preload::home().tags(Some(&manifest), false);
        assert!(
            tags.starts_with("<link rel=\"preload\" as=\"style\" crossorigin href=\"/assets/home-route-1.css\">"),
            "{tags}"
        );
        assert!(tags.contains("<link rel=\"modulepreload\" crossorigin href=\"/assets/grid-1.js\">"));
        let rendered = Preload::home().tags(Some(&manifest), true);
        assert!(
            rendered.starts_with("<link rel=\"stylesheet\" crossorigin href=\"/assets/home-route-1.css\">"),
            "a rendered page's route styles apply at once: {rendered}"
        );
        assert!(!tags.contains("framework"));
        assert!(tags.contains(&format!(
            "<link rel=\"preload\" as=\"fetch\" crossorigin href=\"/api/collections/new?limit={HOME_COLLECTION_LIMIT}\">"
        )));
    }

    #[test]
    fn a_product_page_preloads_the_catalogue_route_and_the_product_page_each_file_once() {
        let manifest = Manifest::parse(
            br#"{
              "index.html": {"file": "assets/index-1.js", "isEntry": true},
              "_crumbs-1.js": {"file": "assets/crumbs-1.js", "css": ["assets/crumbs-1.css"]},
              "src/app/routes/catalog-path-route.tsx": {"file": "assets/catalog-path-route-1.js",
                "imports": ["_crumbs-1.js"], "dynamicImports": ["src/app/routes/product-page.tsx"]},
              "src/app/routes/product-page.tsx": {"file": "assets/product-page-1.js", "imports": ["_crumbs-1.js"],
                "css": ["assets/product-page-1.css"]},
              "src/app/routes/section-page.tsx": {"file": "assets/section-page-1.js"}
            }"#,
        )
        .unwrap();
        let assets = manifest.routes(Route::Product.sources());
        assert_eq!(
            assets.modules,
            ["/assets/catalog-path-route-1.js", "/assets/crumbs-1.js", "/assets/product-page-1.js"]
        );
        assert_eq!(assets.styles, ["/assets/crumbs-1.css", "/assets/product-page-1.css"]);
    }

    #[test]
    fn a_listing_preloads_the_page_the_front_end_asks_for() {
        let first = Preload::listing(Route::Catalog, "/api/offers", None);
        assert_eq!(first.api.last().unwrap(), &format!("/api/offers?page=1&perPage={CATALOG_PAGE_SIZE}"));
        let per_page = CATALOG_PAGE_SIZE;
        for (query, request) in [
            ("", format!("page=1&perPage={per_page}")),
            ("page=3", format!("page=3&perPage={per_page}")),
            ("page=0", format!("page=1&perPage={per_page}")),
            ("page=", format!("page=1&perPage={per_page}")),
            ("available=Y&sort=-price&page=2", format!("page=2&perPage={per_page}&sort=-price&available=Y")),
            ("sort=%2Dprice", format!("page=1&perPage={per_page}&sort=-price")),
            ("sort=cheap&available=yes", format!("page=1&perPage={per_page}")),
            ("page=4&page=5&utm_source=yandex&yclid=1", format!("page=4&perPage={per_page}")),
        ] {
            assert_eq!(listing_request(query), Some(request), "{query}");
        }
        // JavaScript's `Number` reads these ("2.0" is 2, "0x2" is 2, " 2" is 2, the 17 digits rounded), and the API
        // refuses pages past the last it serves: left to the render to find.
        let past_the_last = format!("page={}", crate::limits::MAX_PAGE + 1);
        for query in ["page=2.0", "page=0x2", "page=%202", "page=-1", "page=12345678901234567", &past_the_last] {
            assert_eq!(listing_request(query), None, "{query}");
        }
        let numbered = Preload::listing(Route::Section, "/api/sections/7/offers", Some("page=2"));
        assert_eq!(numbered.api.last().unwrap(), &format!("/api/sections/7/offers?page=2&perPage={per_page}"));
    }

    #[test]
    fn urls_are_escaped_and_a_missing_manifest_still_gives_the_api_links() {
        let preload = Preload {
            route: Some(Route::Home),
            api: vec!["/api/x?a=1&b=\"2\"".into()],
            image: Some(crate::domain::pictures::Picture {
                id: "0123456789abcdef0123456789abcdef".into(),
                width: 200,
                height: 100,
                avif: false,
            }),
        };
        let tags = preload.tags(None, false);
        assert!(tags.contains("href=\"/api/x?a=1&amp;b=&quot;2&quot;\""), "{tags}");
        // The product picture: the srcset and sizes of the page's `<picture>`, in the first format it offers.
        assert!(
            tags.ends_with(
                "fetchpriority=\"high\" type=\"image/webp\" \
                 imagesrcset=\"/pictures/0123456789abcdef0123456789abcdef/160.webp 160w, \
                 /pictures/0123456789abcdef0123456789abcdef/320.webp 200w\" \
                 imagesizes=\"(min-width: 1280px) 560px, (min-width: 900px) 45vw, calc(100vw - 64px)\">"
            ),
            "{tags}"
        );
        assert!(!tags.contains("modulepreload"));
    }
}
