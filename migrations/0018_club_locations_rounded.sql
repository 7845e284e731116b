-- Issue 34, item 3: "Use my location" used to fill "38.7223, -9.1393" (about 10 m) into a club's
-- location when the maps service could not be reached. Such texts are rounded to 0.01° here, so the
-- search index (kept by clubs_fts_after_update) no longer holds the fine digits either. Any other way
-- of writing coordinates is rounded when shown (worker/features/clubs) and when next saved.
UPDATE clubs
SET location = printf('%.2f, %.2f',
  round(cast(substr(location, 1, instr(location, ', ') - 1) AS real), 2) + 0.0,
  round(cast(substr(location, instr(location, ', ') + 2) AS real), 2) + 0.0)
WHERE location NOT GLOB '*[^0-9., -]*'
  AND location GLOB '*.[0-9][0-9][0-9]*'
  AND instr(location, ', ') > 1
  AND length(location) - length(replace(location, ',', '')) = 1;
