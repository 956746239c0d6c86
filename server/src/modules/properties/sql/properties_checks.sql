-- properties's CHECK constraints (18), in the one CHECK properties_checks that calls this function. PostgreSQL
-- reads every CHECK expression back from the catalog and plans it again for each statement that
-- writes the table (15.4 KB of expression trees here, on the hot path of orders and trades); a
-- PL/pgSQL body is compiled once per session. Each rule is as its CHECK was, and a row that breaks
-- one is refused as that CHECK refused it (SQLSTATE 23514, the constraint's name, the same message).
-- Changing a rule here does not check the rows already stored: the migration that changes it
-- re-adds properties_checks so that PostgreSQL validates them.
CREATE OR REPLACE FUNCTION properties_checks(name text, address text, state character(2), description text, type text, status text, total_quantity integer, available_quantity integer, unit_price_cents bigint, roi_in_five_years numeric(7,2), progress integer, rejection_reason text, reserved_quantity integer, settled_quantity integer, suspended_at timestamp with time zone, suspended_reason text, construction_completed_at timestamp with time zone, income_producing_at timestamp with time zone)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF NOT coalesce((((length(address) >= 1) AND (length(address) <= 200))), true) THEN
    PERFORM check_violated('properties', 'properties_address_check');
  END IF;
  IF NOT coalesce((((available_quantity >= 0) AND (available_quantity <= total_quantity))), true) THEN
    PERFORM check_violated('properties', 'properties_check');
  END IF;
  IF NOT coalesce((((type = 'OFF_PLAN'::text) = (progress IS NOT NULL))), true) THEN
    PERFORM check_violated('properties', 'properties_check1');
  END IF;
  IF NOT coalesce((((status <> 'REJECTED'::text) OR (rejection_reason IS NOT NULL))), true) THEN
    PERFORM check_violated('properties', 'properties_check2');
  END IF;
  IF NOT coalesce((((income_producing_at IS NULL) OR ((type = 'OFF_PLAN'::text) AND (construction_completed_at IS NOT NULL)))), true) THEN
    PERFORM check_violated('properties', 'properties_converted_after_construction');
  END IF;
  IF NOT coalesce(((length(description) <= 5000)), true) THEN
    PERFORM check_violated('properties', 'properties_description_check');
  END IF;
  IF NOT coalesce((((status <> ALL (ARRAY['ACTIVE'::text, 'FUNDED'::text])) OR ((status = 'FUNDED'::text) = (available_quantity = 0)))), true) THEN
    PERFORM check_violated('properties', 'properties_funded_when_sold_out');
  END IF;
  IF NOT coalesce((((length(name) >= 1) AND (length(name) <= 120))), true) THEN
    PERFORM check_violated('properties', 'properties_name_check');
  END IF;
  IF NOT coalesce((((progress >= 0) AND (progress <= 100))), true) THEN
    PERFORM check_violated('properties', 'properties_progress_check');
  END IF;
  IF NOT coalesce((((roi_in_five_years >= (0)::numeric) AND (roi_in_five_years <= (1000)::numeric))), true) THEN
    PERFORM check_violated('properties', 'properties_roi_in_five_years_check');
  END IF;
  IF NOT coalesce(((state ~ '^[A-Z]{2}$'::text)), true) THEN
    PERFORM check_violated('properties', 'properties_state_check');
  END IF;
  IF NOT coalesce(((status = ANY (ARRAY['PENDING_REVIEW'::text, 'ACTIVE'::text, 'REJECTED'::text, 'FUNDED'::text, 'SOLD'::text]))), true) THEN
    PERFORM check_violated('properties', 'properties_status_check');
  END IF;
  IF NOT coalesce(((length(suspended_reason) <= 500)), true) THEN
    PERFORM check_violated('properties', 'properties_suspended_reason_check');
  END IF;
  IF NOT coalesce((((suspended_at IS NULL) = (suspended_reason IS NULL))), true) THEN
    PERFORM check_violated('properties', 'properties_suspension_has_reason');
  END IF;
  IF NOT coalesce(((total_quantity > 0)), true) THEN
    PERFORM check_violated('properties', 'properties_total_quantity_check');
  END IF;
  IF NOT coalesce(((type = ANY (ARRAY['OFF_PLAN'::text, 'RENTAL_READY'::text]))), true) THEN
    PERFORM check_violated('properties', 'properties_type_check');
  END IF;
  IF NOT coalesce(((unit_price_cents > 0)), true) THEN
    PERFORM check_violated('properties', 'properties_unit_price_cents_check');
  END IF;
  IF NOT coalesce((((reserved_quantity >= 0) AND (settled_quantity >= 0) AND (((available_quantity + reserved_quantity) + settled_quantity) = total_quantity))), true) THEN
    PERFORM check_violated('properties', 'properties_units_add_up');
  END IF;
  RETURN true;
END
$$;
