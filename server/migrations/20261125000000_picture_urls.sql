-- Issue 19: only absolute http(s) picture addresses (and the shop's own demo pictures, /demo/images/…) may be
-- emitted in og:image, JSON-LD and preloads. Earlier imports stored whatever a feed said (`javascript:alert(1)`);
-- from now on the import drops such addresses, and this drops the ones already stored. The offers' content hashes
-- still cover the old lists, so the next import of the same feed rewrites those offers' pictures.
DELETE FROM offer_pictures
WHERE NOT (
    lower(substr(url, 1, 7)) = 'http://'
    OR lower(substr(url, 1, 8)) = 'https://'
    OR substr(url, 1, 13) = '/demo/images/'
);

UPDATE order_lines SET picture = NULL
WHERE picture IS NOT NULL AND NOT (
    lower(substr(picture, 1, 7)) = 'http://'
    OR lower(substr(picture, 1, 8)) = 'https://'
    OR substr(picture, 1, 13) = '/demo/images/'
);
