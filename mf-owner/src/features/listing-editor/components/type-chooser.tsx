import { Box, Typography } from 'shared-ui/mui-core';
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from 'shared-ui/mui-inputs';
import { visuallyHidden } from 'shared-ui/core';
import { PROPERTY_TYPE_LABELS, type PropertyType } from 'shared-api/contract';

const DESCRIPTIONS: Record<PropertyType, string> = {
  RENTAL_READY: 'Built and ready to let: investors earn from rent from the start.',
  OFF_PLAN: 'Still being built: you post construction progress for investors.',
};
const ORDER: PropertyType[] = ['RENTAL_READY', 'OFF_PLAN'];

export interface TypeChooserProps {
  value: PropertyType | '';
  onChange: (type: PropertyType) => void;
  error?: string;
  /** Editing: the type of a listing is fixed. */
  locked?: boolean;
}

/** Off-plan or rental-ready, as two labelled choices. */
export function TypeChooser({ value, onChange, error, locked = false }: TypeChooserProps) {
  return (
    <FormControl error={Boolean(error)} component="fieldset" sx={{ width: '100%' }}>
      {/* The section's heading says it on screen; the legend names the group for assistive tech. */}
      <FormLabel component="legend" sx={visuallyHidden}>
        Property type
      </FormLabel>
      <RadioGroup
        name="type"
        value={value}
        onChange={(e) => onChange(e.target.value as PropertyType)}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}
      >
        {ORDER.map((t) => (
          <Box
            key={t}
            sx={{
              border: 1.5,
              borderRadius: 2,
              borderColor: value === t ? 'primary.main' : error ? 'error.main' : 'divider',
              bgcolor: value === t ? 'action.hover' : 'background.paper',
              px: 1.5,
              py: 1,
            }}
          >
            <FormControlLabel
              value={t}
              control={<Radio />}
              disabled={locked && value !== t}
              label={
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{PROPERTY_TYPE_LABELS[t]}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {DESCRIPTIONS[t]}
                  </Typography>
                </Box>
              }
              sx={{ alignItems: 'flex-start', m: 0, width: '100%', '& .MuiRadio-root': { mt: -0.5 } }}
            />
          </Box>
        ))}
      </RadioGroup>
      {locked && <FormHelperText>The type of a listing cannot change once it is created.</FormHelperText>}
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
