-- Issue 12: tenants may let consultants see the lowest unit price each quote line may have without approval
-- (the margin floor price, which lets one work out the cost); off by default.
alter table tenants add column show_floor_price boolean not null default false;
