//! The head tags of each page for search engines and link previews: `<title>`, meta description, canonical link,
//! Open Graph, and schema.org `Product` (with `Offer`) and `BreadcrumbList` JSON-LD.

use super::preload::{Preload, Route};
use crate::catalog::{self, Section};
use crate::domain::pictures::PictureFormat;
use crate::domain::slug::UNSECTIONED_SLUG;
use crate::domain::slug::{offer_path, section_path};
use crate::domain::text::{escape_html, plain_text};
use crate::error::ApiError;
use crate::facets::normal;
use crate::state::AppState;
use serde_json::json;

/// Head of one page: the `<title>` text, the other tags as HTML, and what the page preloads ([`Preload`]).
#[derive(Debug, Clone, Default)]
pub struct Head {
    pub title: String,
    pub tags: String,
    pub preload: Preload,
}

impl Head {
    fn preloading(mut self, preload: Preload) -> Self {
        self.preload = preload;
        self
    }
}

/// What a path is.
#[derive(Debug)]
pub enum PageHead {
    Found(Head),
    /// The page lives at another path (an offer asked for under the wrong section).
    Moved(String),
    NotFound(Head),
}

/// JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` (which JSON has only inside strings) are
/// written `\u003c`, `\u003e`, `\u0026`, so no text can end the script or open an HTML comment in it (`<!--<script>`
/// would make the parser skip the real `</script>`).
fn ld_json(value: &serde_json::Value) -> String {
    let json = serde_json::to_string(value).expect("JSON value serialises");
    let json = json.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026");
    format!("<script type=\"application/ld+json\">{json}</script>")
}

struct HeadBuilder<'a> {
    base: &'a str,
    shop: &'a str,
}

impl HeadBuilder<'_> {
    fn head(
        &self,
        title: &str,
        description: &str,
        path: &str,
        og_type: &str,
        image: Option<&str>,
        ld: &[serde_json::Value],
    ) -> Head {
        let url = format!("{}{}", self.base, path);
        let mut tags = format!(
            "<meta name=\"description\" content=\"{d}\"><link rel=\"canonical\" href=\"{u}\">\
             <meta property=\"og:title\" content=\"{t}\"><meta property=\"og:description\" content=\"{d}\">\
             <meta property=\"og:type\" content=\"{og_type}\"><meta property=\"og:url\" content=\"{u}\">\
             <meta property=\"og:site_name\" content=\"{s}\"><meta property=\"og:locale\" content=\"ru_RU\">",
            d = escape_html(description),
            u = escape_html(&url),
            t = escape_html(title),
            s = escape_html(self.shop),
        );
        if let Some(image) = image {
            tags.push_str(&format!("<meta property=\"og:image\" content=\"{}\">", escape_html(&self.absolute(image))));
        }
        for value in ld {
            tags.push_str(&ld_json(value));
        }
        Head { title: format!("{title} — {}", self.shop), tags, preload: Preload::default() }
    }

    /// The head of a listing (the catalogue, a section) at `query` (issue 35): a page filtered to one vendor that has
    /// offers there is a page of its own, titled and canonical with its filter ("Картриджи HP",
    /// `/catalog/kartridzhi/?vendor=HP`); any other filtered page is `noindex, follow` with the unfiltered listing as
    /// its canonical link (the order and page number never count).
    fn listing(
        &self,
        state: &AppState,
        listing: ListingHead<'_>,
        query: Option<&str>,
        ld: &[serde_json::Value],
    ) -> Head {
        let filters = crate::api::listing::canonical_filters(query.unwrap_or_default());
        let (title, description, path) = (listing.title, listing.description, listing.path);
        if filters.is_empty() {
            return self.head(title, description, path, "website", None, ld);
        }
        if let [(key, vendor)] = filters.as_slice()
            && key == crate::catalog::VENDOR_FIELD
        {
            let facets = state.search.facets();
            let known = facets.vendors(listing.section).into_iter().find(|(label, _)| normal(label) == normal(vendor));
            if let Some((vendor, count)) = known {
                let path = vendor_page(path, &vendor);
                let title = format!("{title} {vendor}");
                let description = format!("{title}: {count} товаров с ценами и наличием в магазине {}.", self.shop);
                return self.head(&title, &description, &path, "website", None, ld);
            }
        }
        let mut head = self.head(title, description, path, "website", None, ld);
        head.tags.push_str("<meta name=\"robots\" content=\"noindex, follow\">");
        head
    }

    /// The head of a page that belongs to the shopper (search results, basket, checkout, compare list): served,
    /// never indexed.
    fn private(&self, title: &str, description: &str, path: &str) -> Head {
        let mut head = self.head(title, description, path, "website", None, &[]);
        head.tags.push_str("<meta name=\"robots\" content=\"noindex\">");
        head
    }

    fn absolute(&self, url: &str) -> String {
        if url.starts_with('/') { format!("{}{url}", self.base) } else { url.to_owned() }
    }

    /// A schema.org `Store`: name, address, phones, e-mail, point and opening hours (a day with a break is two
    /// spans; a day off opens and closes at 00:00, as schema.org says for closed days).
    fn store(&self, store: &crate::domain::stores::StoreData) -> serde_json::Value {
        use crate::domain::working_hours::Day;
        let day_url = |day: Day| {
            let name = match day {
                Day::Mon => "Monday",
                Day::Tue => "Tuesday",
                Day::Wed => "Wednesday",
                Day::Thu => "Thursday",
                Day::Fri => "Friday",
                Day::Sat => "Saturday",
                Day::Sun => "Sunday",
            };
            format!("https://schema.org/{name}")
        };
        let mut hours = Vec::new();
        for entry in &store.working_hours {
            let span = |opens: String, closes: String| json!({"@type": "OpeningHoursSpecification", "dayOfWeek": day_url(entry.day), "opens": opens, "closes": closes});
            match (entry.work_start, entry.work_end, entry.break_start.zip(entry.break_end)) {
                (Some(start), Some(end), _) if start == end => hours.push(span("00:00".into(), "23:59".into())),
                (Some(start), Some(end), Some((break_start, break_end))) if start < break_start && break_end < end => {
                    hours.push(span(start.to_string(), break_start.to_string()));
                    hours.push(span(break_end.to_string(), end.to_string()));
                }
                (Some(start), Some(end), _) => hours.push(span(start.to_string(), end.to_string())),
                _ => hours.push(span("00:00".into(), "00:00".into())),
            }
        }
        let mut value = json!({
            "@context": "https://schema.org",
            "@type": "Store",
            "name": store.name,
            "address": store.address,
            "telephone": store.phone.iter().map(|p| p.value.as_str()).collect::<Vec<_>>(),
            "email": store.email.iter().map(|e| e.value.as_str()).collect::<Vec<_>>(),
            "openingHoursSpecification": hours,
            "url": format!("{}/contacts/#store-{}", self.base, store.id.unwrap_or_default()),
        });
        if let Some(picture) = &store.preview_picture {
            value["image"] = json!(self.absolute(picture));
        }
        if let Some(point) = store.map {
            value["geo"] = json!({"@type": "GeoCoordinates", "latitude": point.lat, "longitude": point.lon});
        }
        value
    }

    fn breadcrumbs(&self, trail: &[(&str, String)]) -> serde_json::Value {
        let items: Vec<_> = trail
            .iter()
            .enumerate()
            .map(|(i, (name, path))| json!({"@type": "ListItem", "position": i + 1, "name": name, "item": format!("{}{path}", self.base)}))
            .collect();
        json!({"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items})
    }
}

/// The chain of sections from the top of the tree down to `id` (inclusive).
fn ancestors<'a>(tree: &'a [Section], id: &str) -> Vec<&'a Section> {
    let mut chain = Vec::new();
    let mut at = tree.iter().find(|s| s.id == id);
    while let Some(s) = at {
        if chain.len() > tree.len() {
            break;
        }
        chain.push(s);
        at = s.parent_id.as_deref().and_then(|p| tree.iter().find(|x| x.id == p));
    }
    chain.reverse();
    chain
}

/// The head of the page at `path`, or why there is none.
///
/// `query` is the page URL's query string: a listing preloads the page, order and flag it names
/// ([`Preload::listing`]).
pub async fn page_head(state: &AppState, path: &str, query: Option<&str>) -> Result<PageHead, ApiError> {
    let shop = catalog::shop_record(&state.db).await?;
    let b = HeadBuilder { base: &state.settings.public_url, shop: &shop.name };
    let segments: Vec<&str> = path.trim_matches('/').split('/').filter(|s| !s.is_empty()).collect();
    let home = ("Главная", "/".to_owned());
    let catalog = ("Каталог", "/catalog/".to_owned());
    // The same head for every unknown path, with nothing of the path in it (issue 34): one "not found" page is
    // rendered for them all and kept (`web::NOT_FOUND_PAGE`). No canonical link: a missing page has none.
    let not_found = || {
        let head = Head {
            title: format!("Страница не найдена — {}", shop.name),
            tags:
                "<meta name=\"description\" content=\"Такой страницы нет.\"><meta name=\"robots\" content=\"noindex\">"
                    .to_owned(),
            preload: Preload::default(),
        };
        PageHead::NotFound(head.preloading(Preload::page(Route::NotFound, [])))
    };
    match segments.as_slice() {
        [] => {
            let description = format!("{}: каталог товаров с ценами и наличием.", shop.name);
            Ok(PageHead::Found(b.head(&shop.name, &description, "/", "website", None, &[]).preloading(Preload::home())))
        }
        ["catalog"] => {
            let description = format!("Каталог магазина {}: все разделы и товары.", shop.name);
            let ld = b.breadcrumbs(&[home, catalog]);
            let preload = Preload::listing(Route::Catalog, "/api/offers", query);
            let listing =
                ListingHead { title: "Каталог", description: &description, path: "/catalog/", section: None };
            Ok(PageHead::Found(b.listing(state, listing, query, &[ld]).preloading(preload)))
        }
        ["search"] => {
            // The results page (issue 4) belongs to the shopper's query: served, never indexed.
            let description = format!("Поиск по каталогу магазина {}.", shop.name);
            Ok(PageHead::Found(
                b.private("Поиск", &description, "/search/").preloading(Preload::page(Route::Search, [])),
            ))
        }
        ["feedback"] => {
            // The feedback form page (issue 5).
            let description = format!("Напишите магазину {}: вопрос, отзыв или просьба перезвонить.", shop.name);
            let ld = b.breadcrumbs(&[home, ("Обратная связь", "/feedback/".to_owned())]);
            let head = b.head("Обратная связь", &description, "/feedback/", "website", None, &[ld]);
            Ok(PageHead::Found(head.preloading(Preload::page(Route::Feedback, []))))
        }
        ["contacts"] => {
            // The stores with their hours and map (issue 8): a schema.org Store per store.
            let description = format!("Адреса, часы работы и телефоны магазина {}.", shop.name);
            let mut ld = vec![b.breadcrumbs(&[home, ("Контакты", "/contacts/".to_owned())])];
            ld.extend(catalog::store_list(&state.db).await?.iter().map(|store| b.store(store)));
            let head = b.head("Контакты", &description, "/contacts/", "website", None, &ld);
            Ok(PageHead::Found(head.preloading(Preload::page(Route::Contacts, []))))
        }
        ["reviews"] => {
            let description = format!("Отзывы покупателей о магазине {}.", shop.name);
            let ld = b.breadcrumbs(&[home, ("Отзывы", "/reviews/".to_owned())]);
            let head = b.head("Отзывы", &description, "/reviews/", "website", None, &[ld]);
            Ok(PageHead::Found(head.preloading(Preload::page(Route::Reviews, []))))
        }
        ["catalog", "compare"] => {
            let description = format!("Товары, выбранные для сравнения, в магазине {}.", shop.name);
            let head = b.private("Сравнение товаров", &description, "/catalog/compare/");
            Ok(PageHead::Found(head.preloading(Preload::page(Route::Compare, []))))
        }
        ["personal", "cart"] => {
            let description = format!("Корзина и избранное в магазине {}.", shop.name);
            let head = b.private("Корзина", &description, "/personal/cart/");
            Ok(PageHead::Found(head.preloading(Preload::page(Route::Cart, []))))
        }
        ["personal"] | ["personal", "orders"] | ["personal", "orders", _] | ["personal", "password-reset"] => {
            // The account's pages (issue 7): the page asks a guest to log in; never indexed.
            let description = format!("Личный кабинет в магазине {}.", shop.name);
            let route = match segments.as_slice() {
                ["personal"] => Route::Personal,
                ["personal", "password-reset"] => Route::PasswordReset,
                _ => Route::MyOrders,
            };
            Ok(PageHead::Found(b.private("Личный кабинет", &description, path).preloading(Preload::page(route, []))))
        }
        ["personal", "order", "status"] => {
            // A guest's order through their mail's link (issue 37); the token rides in the fragment.
            let description = format!("Статус заказа в магазине {}.", shop.name);
            let head = b.private("Статус заказа", &description, "/personal/order/status/");
            Ok(PageHead::Found(head.preloading(Preload::page(Route::OrderStatus, []))))
        }
        ["admin", ..] => {
            // The back office (issue 37): drawn in the browser, never rendered, cached, listed or indexed.
            let head = b.private("Бэк-офис", "Бэк-офис магазина.", "/admin/");
            Ok(PageHead::Found(head.preloading(Preload::admin())))
        }
        ["personal", "order", "make"] => {
            let description = format!("Оформление заказа в магазине {}.", shop.name);
            let head = b.private("Оформление заказа", &description, "/personal/order/make/");
            Ok(PageHead::Found(head.preloading(Preload::page(Route::Checkout, []))))
        }
        // The folder of the products without a section: the catalogue root lists them (issue 20: it was a 404 that
        // a shopper trimming a product's address reached).
        ["catalog", slug] if *slug == UNSECTIONED_SLUG => Ok(PageHead::Moved("/catalog/".to_owned())),
        ["catalog", slug] => {
            let tree = state.catalog.section_tree(&state.db).await?;
            let Some(section) = tree.iter().find(|s| s.url == section_path(slug)) else {
                return Ok(not_found());
            };
            let mut trail = vec![home, catalog];
            trail.extend(ancestors(&tree, &section.id).into_iter().map(|s| (s.name.as_str(), s.url.clone())));
            let description = format!(
                "{} в магазине {}: {} товаров с ценами и наличием.",
                section.name, shop.name, section.offer_count
            );
            let ld = b.breadcrumbs(&trail);
            let preload = Preload::listing(Route::Section, &format!("/api/sections/{}/offers", section.id), query);
            let listing = ListingHead {
                title: &section.name,
                description: &description,
                path: &section.url,
                section: Some(&section.id),
            };
            Ok(PageHead::Found(b.listing(state, listing, query, &[ld]).preloading(preload)))
        }
        ["catalog", section_slug, slug] => {
            let Some(offer) = catalog::offer_by_slug(&state.db, slug).await? else {
                return Ok(not_found());
            };
            let canonical = offer.url.clone();
            if canonical != offer_path(Some(section_slug), slug) {
                return Ok(PageHead::Moved(canonical));
            }
            // A variant's page names its product's (its first variant's) as canonical (issue 35).
            let product_url = offer.variants.as_ref().and_then(|v| v.choice.as_ref()).map(|c| c.product_url.clone());
            let tree = state.catalog.section_tree(&state.db).await?;
            let mut trail = vec![home, catalog];
            if let Some(id) = &offer.section_id {
                trail.extend(ancestors(&tree, id).into_iter().map(|s| (s.name.as_str(), s.url.clone())));
            }
            trail.push((offer.name.as_str(), canonical.clone()));
            // The price as the API writes it: exact major units (`Money::major_json`); 0 is "price on request".
            let (price, currency) = (offer.price.to_string(), offer.currency_id.as_str());
            let on_request = offer.price.as_u64() == Some(0);
            let description = match offer.description.as_deref().map(|d| plain_text(d, 160)).filter(|d| !d.is_empty()) {
                Some(d) => d,
                None if on_request => format!("{} — цена по запросу в магазине {}.", offer.name, shop.name),
                None => format!("{} — {price} {currency} в магазине {}.", offer.name, shop.name),
            };
            // Open Graph and JSON-LD name the shop's own copy, in JPEG (what every crawler and messenger reads).
            let images: Vec<String> = offer
                .pictures
                .iter()
                .map(|p| b.absolute(&p.path(crate::limits::PICTURE_WIDTH_ZOOM, PictureFormat::Jpeg)))
                .collect();
            let mut product = json!({
                "@context": "https://schema.org",
                "@type": "Product",
                "name": offer.name,
                "description": description,
                "url": format!("{}{canonical}", b.base),
                "offers": {
                    "@type": "Offer",
                    "url": format!("{}{canonical}", b.base),
                    "price": price,
                    "priceCurrency": currency,
                    "availability": if offer.available { "https://schema.org/InStock" } else { "https://schema.org/OutOfStock" },
                },
            });
            if !images.is_empty() {
                product["image"] = json!(images);
            }
            // "Price on request" (issue 35) offers no price to a crawler: a price of 0 would be a false one.
            if on_request && let Some(fields) = product.as_object_mut() {
                fields.remove("offers");
            }
            if let Some(sku) = &offer.vendor_code {
                product["sku"] = json!(sku);
            }
            if let Some(brand) = &offer.vendor {
                product["brand"] = json!({"@type": "Brand", "name": brand});
            }
            let ld = [product, b.breadcrumbs(&trail)];
            let picture =
                offer.pictures.first().map(|p| p.path(crate::limits::PICTURE_WIDTH_ZOOM, PictureFormat::Jpeg));
            // The product page asks for the offer by its slug, then for the viewed products other than it.
            let mut preload = Preload::page(
                Route::Product,
                [format!("/api/offers/by-slug/{slug}"), format!("/api/viewed?exclude={}", offer.id)],
            );
            preload.image = offer.pictures.first().cloned();
            Ok(PageHead::Found(
                b.head(
                    &offer.name,
                    &description,
                    product_url.as_ref().unwrap_or(&canonical),
                    "product",
                    picture.as_deref(),
                    &ld,
                )
                .preloading(preload),
            ))
        }
        _ => Ok(not_found()),
    }
}

/// What [`HeadBuilder::listing`] needs of a listing page.
struct ListingHead<'a> {
    title: &'a str,
    description: &'a str,
    /// The unfiltered listing's path.
    path: &'a str,
    /// The section listed; `None`: the catalogue.
    section: Option<&'a str>,
}

/// The path of the listing at `path` filtered to `vendor`: `/catalog/kartridzhi/?vendor=HP`.
fn vendor_page(path: &str, vendor: &str) -> String {
    let query =
        url::form_urlencoded::Serializer::new(String::new()).append_pair(crate::catalog::VENDOR_FIELD, vendor).finish();
    format!("{path}?{query}")
}

/// Every storefront path for the sitemap: home, catalogue, sections, each listing's vendor pages (issue 35: the
/// indexable filtered pages, of vendors with offers there), offers.
pub async fn sitemap_paths(state: &AppState) -> Result<Vec<String>, ApiError> {
    let mut paths = ["/", "/catalog/", "/contacts/", "/reviews/", "/feedback/"].map(str::to_owned).to_vec();
    let tree = state.catalog.section_tree(&state.db).await?;
    paths.extend(tree.iter().map(|s| s.url.clone()));
    let facets = state.search.facets();
    let listings =
        std::iter::once(("/catalog/", None)).chain(tree.iter().map(|s| (s.url.as_str(), Some(s.id.as_str()))));
    for (path, section) in listings {
        paths.extend(facets.vendors(section).into_iter().map(|(vendor, _)| vendor_page(path, &vendor)));
    }
    paths.extend(catalog::product_paths(&state.db).await?);
    Ok(paths)
}

/// A `<urlset>` of `paths` under `base`.
pub fn urlset(base: &str, paths: &[String]) -> String {
    let mut body = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for p in paths {
        body.push_str(&format!("<url><loc>{}</loc></url>\n", escape_html(&format!("{base}{p}"))));
    }
    body.push_str("</urlset>\n");
    body
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_ld_cannot_close_its_script() {
        let value = json!({"name": "<!--<script>alert(1)</script> & more"});
        let out = ld_json(&value);
        assert_eq!(out.matches("</script>").count(), 1);
        assert!(!out.contains("<!--") && !out.contains("<script>alert"), "{out}");
        let inner = &out["<script type=\"application/ld+json\">".len()..out.len() - "</script>".len()];
        let back: serde_json::Value = serde_json::from_str(inner).unwrap();
        assert_eq!(back, value, "the data reads back the same");
    }
}
