-- Issue 16: the seller block of quote documents. The reseller's legal details as a Chinese buyer's procurement
-- department expects them on a quotation: legal name, unified social credit code (GB 32100-2015, checksum checked in
-- the application), registered address, phone, and the bank account for 对公转账. All optional; the document prints
-- what is filled in.
alter table tenants
    add column legal_name   text check (length(legal_name) between 1 and 200),
    add column credit_code  text check (credit_code ~ '^[0-9A-HJ-NPQRTUWXY]{18}$'),
    add column address      text check (length(address) between 1 and 300),
    add column phone        text check (length(phone) between 1 and 50),
    add column bank_name    text check (length(bank_name) between 1 and 100),
    add column bank_account text check (length(bank_account) between 1 and 50);
