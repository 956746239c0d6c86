import { Box } from 'shared-ui/mui-core';

/** Spec 5: every failed password rule, listed beneath the field in red. */
export function PasswordRules({ id, errors }: { id: string; errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <Box
      component="ul"
      id={id}
      data-testid="password-errors"
      sx={{ color: 'error.main', fontSize: '0.8125rem', m: 0, mt: 0.75, pl: 2.5, '& li': { mt: 0.25 } }}
    >
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </Box>
  );
}
