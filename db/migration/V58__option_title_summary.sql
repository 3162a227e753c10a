-- Issue 16: options keep their letters and get an optional name ("A · 经济型 8 × L20") and an optional one-paragraph
-- summary of what they are sized for (the document generates one from the lines' sizing runs when none is written).
alter table quote_options
    add column title   text check (length(title) between 1 and 60 and title !~ '[\r\n]'),
    add column summary text check (length(summary) between 1 and 1000);
