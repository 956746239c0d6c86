import { Box, Typography } from 'shared-ui/mui-core';
import { Link } from 'shared-ui/router';
import { paths } from 'shared-api/contract/basics';
import { Button } from 'shared-ui/core';

export function NotFound() {
  return (
    <Box sx={{ py: 12, px: 2, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button variant="filled-blue" size="MD" component={Link} to={paths.home}>
        Back to the homepage
      </Button>
    </Box>
  );
}
