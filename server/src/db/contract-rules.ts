// Rules generated from the shared contract: the SQL functions whose numbers the API contract
// also shows (the market fee's rounding, the price band). Their text is built here from
// shared-api's constants, so the number lives in one place (shared-api/src/contract/market.ts)
// and the database reads it from the generated function; a change to a constant changes the
// generated text, hence its checksum, and the next start re-applies it like any rule file.
// The formulas mirror marketFeeCents, marketPriceBandCents and marketVwapCents; a test compares
// them over many values (server/test/contract-rules.test.ts).
import {
  BPS_PER_WHOLE,
  MARKET_FEE_ROUNDING_BPS,
  MARKET_REFERENCE_BASES,
  MARKET_REFERENCE_BASIS_LABELS,
  MARKET_REFERENCE_MAX_TRADES,
  MARKET_REFERENCE_MIN_TRADERS,
  MARKET_REFERENCE_MIN_UNITS,
  MARKET_REFERENCE_WINDOW_DAYS,
  MIN_MARKET_PRICE_CENTS,
  PCT_PER_WHOLE,
} from 'shared-api/contract/market';

export interface GeneratedRule {
  /** The function it defines. */
  name: string;
  /** Where the numbers come from (recorded in schema_rules.path). */
  path: string;
  sql: string;
}

const integer = (n: number): string => {
  if (!Number.isSafeInteger(n)) throw new Error(`A generated rule needs an integer, not ${n}`);
  return String(n);
};

const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

export function contractRules(): GeneratedRule[] {
  const from = 'generated/shared-api/contract/market.ts';
  return [
    {
      name: 'market_fee_cents',
      path: `${from}#market_fee_cents`,
      sql: `-- Generated from shared-api/src/contract/market.ts (marketFeeCents): do not edit in the database.
-- The trading fee on a trade of p_gross cents at p_fee_bps, rounded to the cent as the contract says.
CREATE OR REPLACE FUNCTION market_fee_cents(p_gross bigint, p_fee_bps integer) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT (p_gross * p_fee_bps + ${integer(MARKET_FEE_ROUNDING_BPS)}) / ${integer(BPS_PER_WHOLE)}
$$;
`,
    },
    {
      name: 'market_price_band',
      path: `${from}#market_price_band`,
      sql: `-- Generated from shared-api/src/contract/market.ts (marketPriceBandCents): do not edit in the database.
-- The price band around a reference price p_ref (cents), inclusive: a limit price outside it is refused.
-- PL/pgSQL: a SQL function returning a row is not inlined, so it would be parsed and planned
-- again for every order that checks its price.
CREATE OR REPLACE FUNCTION market_price_band(p_ref bigint, p_band_pct integer, OUT low bigint, OUT high bigint)
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
BEGIN
  low := greatest(${integer(MIN_MARKET_PRICE_CENTS)}, p_ref - (p_ref * p_band_pct) / ${integer(PCT_PER_WHOLE)});
  high := p_ref + (p_ref * p_band_pct) / ${integer(PCT_PER_WHOLE)};
END
$$;
`,
    },
    {
      name: 'market_vwap_cents',
      path: `${from}#market_vwap_cents`,
      sql: `-- Generated from shared-api/src/contract/market.ts (marketVwapCents): do not edit in the database.
-- The volume-weighted average price of p_units units traded for p_gross cents, rounded half up.
CREATE OR REPLACE FUNCTION market_vwap_cents(p_gross bigint, p_units bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT (2 * p_gross + p_units) / (2 * p_units)
$$;
`,
    },
    {
      name: 'market_reference_rule',
      path: `${from}#market_reference_rule`,
      sql: `-- Generated from shared-api/src/contract/market.ts (MARKET_REFERENCE_*): do not edit in the database.
-- The band's reference: the VWAP's window (days), the volume it needs to count, and how many
-- of the window's latest trades are read.
CREATE OR REPLACE FUNCTION market_reference_rule(OUT window_days integer, OUT min_units integer, OUT min_traders integer, OUT max_trades integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT ${integer(MARKET_REFERENCE_WINDOW_DAYS)}, ${integer(MARKET_REFERENCE_MIN_UNITS)}, ${integer(MARKET_REFERENCE_MIN_TRADERS)}, ${integer(MARKET_REFERENCE_MAX_TRADES)}
$$;
`,
    },
    {
      name: 'market_reference_basis_label',
      path: `${from}#market_reference_basis_label`,
      sql: `-- Generated from shared-api/src/contract/market.ts (MARKET_REFERENCE_BASIS_LABELS): do not edit in the database.
-- How the price band's refusal names where its reference comes from.
CREATE OR REPLACE FUNCTION market_reference_basis_label(p_basis text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE p_basis${MARKET_REFERENCE_BASES.map((b) => ` WHEN ${literal(b)} THEN ${literal(MARKET_REFERENCE_BASIS_LABELS[b])}`).join('')} END
$$;
`,
    },
  ];
}
