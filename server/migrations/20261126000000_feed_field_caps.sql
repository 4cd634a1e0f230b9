-- Issue 20: the import now cuts each feed field to its limit (server/src/limits.rs: OFFER_NAME_MAX_CHARS 255,
-- FEED_SHORT_TEXT_MAX_CHARS 255, OFFER_DESCRIPTION_MAX_CHARS 10000, OFFER_PARAMS_MAX 50, OFFER_PICTURES_MAX 20).
-- What earlier imports stored whole is cut the same way here, so no answer carries a 200 MiB description.
UPDATE offers SET name = substr(name, 1, 254) || '…', name_key = substr(name_key, 1, 254) || '…'
    WHERE length(name) > 255;
UPDATE offers SET vendor = substr(vendor, 1, 255) WHERE length(vendor) > 255;
UPDATE offers SET vendor_code = substr(vendor_code, 1, 255) WHERE length(vendor_code) > 255;
UPDATE offers SET description = substr(description, 1, 10000) WHERE length(description) > 10000;
DELETE FROM offer_params WHERE position >= 50;
UPDATE offer_params SET name = substr(name, 1, 255) WHERE length(name) > 255;
UPDATE offer_params SET value = substr(value, 1, 255) WHERE length(value) > 255;
UPDATE offer_params SET unit = substr(unit, 1, 255) WHERE length(unit) > 255;
DELETE FROM offer_pictures WHERE position >= 20;
UPDATE sections SET name = substr(name, 1, 255) WHERE length(name) > 255;
UPDATE shop SET name = substr(name, 1, 255) WHERE length(name) > 255;
UPDATE shop SET company = substr(company, 1, 255) WHERE length(company) > 255;
