-- A withdrawal marked paid carries the bank's reference for the transfer, so finance can match
-- it to the bank statement and the person can trace it. Required from now on by the payouts
-- rule (payouts_before_write); withdrawals paid before this have none.
ALTER TABLE payouts ADD COLUMN bank_reference text;
ALTER TABLE payouts ADD CONSTRAINT payouts_bank_reference_shape
    CHECK (bank_reference IS NULL OR (length(bank_reference) BETWEEN 1 AND 100 AND bank_reference = btrim(bank_reference)));
