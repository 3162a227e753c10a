-- Issue 18: the dashboard's quotes per business month without a time-zone rule lookup per row (ADR 1855, addendum).
-- "created_at at time zone 'Asia/Shanghai'" looks the zone's rules up for every row: 40 of the dashboard's ~90 ms
-- pipeline statement for a year of 37,000 quotes on the seventh session's machine. China has kept UTC+8 since 1991,
-- so over any window without a transition the business month is that of the UTC time plus 8 hours
-- (QuoteFiguresRepository.month checks the window against the zone's rules and falls back otherwise). As V83's
-- statistics object did for the zone expression, this one tells the planner how few months there are, so that it
-- hashes a few dozen groups instead of sorting the year's quotes.
create statistics quotes_created_month_utc8
    on (date_trunc('month', (created_at at time zone 'UTC') + interval '28800 seconds')) from quotes;
analyze quotes;
