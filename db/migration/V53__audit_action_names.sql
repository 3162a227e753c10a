-- Issue 14: one naming scheme for audit actions (UPPER_SNAKE, noun then past participle). The price-list actions
-- were written as dotted lower case; existing rows are renamed so that filtering by action finds old and new alike.
-- Runs as the migration account, which bypasses row-level security (ADR 0002/0003).
update audit_events set action = case action
    when 'price_list.create' then 'PRICE_LIST_CREATED'
    when 'price_list.import' then 'PRICE_LIST_IMPORTED'
    when 'price_list.row.save' then 'PRICE_LIST_ROW_SAVED'
    when 'price_list.row.delete' then 'PRICE_LIST_ROW_DELETED'
    when 'price_list.publish' then 'PRICE_LIST_PUBLISHED'
    when 'price_list.archive' then 'PRICE_LIST_ARCHIVED'
    end
where action in ('price_list.create', 'price_list.import', 'price_list.row.save', 'price_list.row.delete',
                 'price_list.publish', 'price_list.archive');
