-- Optional customer accounts (issue 7): a CUSTOMER user belongs to one customer of its tenant and to nothing else.
-- RLS stays keyed on the tenant; the services additionally filter a CUSTOMER's reads by customer_id.
alter table app_users add column customer_id uuid;
alter table app_users add constraint app_users_customer_fk
    foreign key (tenant_id, customer_id) references customers (tenant_id, id);
alter table app_users add constraint app_users_customer_role
    check ((customer_id is not null) = ('CUSTOMER' = any (roles)) and ('CUSTOMER' <> all (roles) or cardinality(roles) = 1));
create index app_users_customer on app_users (tenant_id, customer_id) where customer_id is not null;

alter table invitations add column customer_id uuid;
alter table invitations add constraint invitations_customer_fk
    foreign key (tenant_id, customer_id) references customers (tenant_id, id);
alter table invitations add constraint invitations_customer_role
    check ((customer_id is not null) = ('CUSTOMER' = any (roles)) and ('CUSTOMER' <> all (roles) or cardinality(roles) = 1));
