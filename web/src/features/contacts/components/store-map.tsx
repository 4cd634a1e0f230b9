import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { MapTiles } from '@/lib/api-client';
import type { Store } from '@/lib/api/types';
import styles from './store-map.module.css';

/** Zoom of a map showing one store (street level). */
const STORE_ZOOM = 16;

/** The marker: our own pin (Leaflet's default picture needs image paths a bundle does not keep). */
const PIN_SVG =
  '<svg viewBox="0 0 32 40" width="32" height="40" aria-hidden="true" focusable="false">' +
  '<path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 39 16 39s15-12 15-23.2C31 7.6 24.3 1 16 1z"/>' +
  '<circle cx="16" cy="15.5" r="5.5"/></svg>';

/** Props of {@link StoreMap}. */
export interface StoreMapProps {
  /** The stores to mark; those without `map` are left out. */
  stores: Store[];
  /** Tile source from the session's settings; `null`: the markers on a plain background (no network). */
  tiles: MapTiles | null;
  /** The map's accessible name ("Карта: Витрина на Никольской"). */
  label: string;
  /** Where a marker's "Подробнее" link leads for store `id`. */
  moreHref: (id: number) => string;
  /** Follows such a link inside the app (a client-side navigation instead of a page load). */
  onNavigate: (href: string) => void;
}

/** The popup of a store's marker: name, address and "Подробнее", built as DOM nodes (texts never parsed as HTML). */
function popupContent(store: Store, moreText: string, href: string, onNavigate: (href: string) => void): HTMLElement {
  const box = document.createElement('div');
  box.className = styles.popup!;
  const name = document.createElement('strong');
  name.textContent = store.name;
  const address = document.createElement('span');
  address.textContent = store.address;
  const more = document.createElement('a');
  more.href = href;
  more.textContent = moreText;
  more.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(href);
  });
  box.append(name, address, more);
  return box;
}

/**
 * A Leaflet map of stores (issue 8; spec §2 "a map of the object", §7 the map stylesheets: Leaflet's comes with
 * this lazy chunk, ours with the page). Tiles from `VITRINA_MAP_TILES` with their attribution; a marker per store
 * with its name as title and a popup (name, address, "Подробнее"); one store is shown at street zoom, several fit
 * the view. Follows its box's size (a slide panel sliding in, a window resize). The wheel does not zoom, so the
 * page scrolls past it.
 */
export default function StoreMap({ stores, tiles, label, moreHref, onNavigate }: StoreMapProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement | null>(null);
  const navigate = useRef(onNavigate);
  useEffect(() => {
    navigate.current = onNavigate;
  });
  const marked = stores.filter((store) => store.map);
  const key = JSON.stringify(marked.map((store) => [store.id, store.name, store.address, store.map]));

  useEffect(() => {
    const element = container.current;
    if (!element || marked.length === 0) return;
    const map = L.map(element, { scrollWheelZoom: false, zoomControl: false, attributionControl: true });
    L.control.zoom({ zoomInTitle: t('contacts.mapZoomIn'), zoomOutTitle: t('contacts.mapZoomOut') }).addTo(map);
    map.attributionControl.setPrefix('<a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">Leaflet</a>');
    if (tiles) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    const icon = L.divIcon({ className: styles.marker, html: PIN_SVG, iconSize: [32, 40], iconAnchor: [16, 40], popupAnchor: [0, -36] });
    const points: L.LatLngExpression[] = [];
    for (const store of marked) {
      const point: L.LatLngExpression = [store.map!.lat, store.map!.lon];
      points.push(point);
      L.marker(point, { icon, title: store.name, alt: store.name, keyboard: true })
        .bindPopup(popupContent(store, t('contacts.mapMore'), moreHref(store.id), (href) => navigate.current(href)))
        .addTo(map);
    }
    if (points.length === 1) map.setView(points[0]!, STORE_ZOOM);
    else map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: STORE_ZOOM });
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(element);
    return () => {
      resize.disconnect();
      map.remove();
    };
    // `key` stands for the marked stores; `t` and `moreHref` change with the language or the page only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tiles?.url, tiles?.attribution]);

  if (marked.length === 0) return null;
  return <div ref={container} className={styles.map} role="region" aria-label={label} data-testid="store-map" />;
}
