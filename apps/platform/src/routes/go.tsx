import { Box } from '@radix-ui/themes';
import { Spinner } from '@verdant/ui';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { readConfig } from '../lib/config.ts';

/**
 * /go/{linkCode} inside the app. Hosts with the production rewrite answer /go/* on the server (the
 * `go` function), so this page only runs on static hosts without rewrites or after an in-app
 * navigation: it hands the visitor over to the tracker, which counts the click and redirects.
 */
export function Component() {
  const { code = '' } = useParams();
  useEffect(() => {
    const { supabaseUrl } = readConfig();
    const base = supabaseUrl.replace(/\/+$/, '');
    window.location.replace(`${base}/functions/v1/go/${encodeURIComponent(code)}`);
  }, [code]);
  return (
    <Box py="9">
      <title>Redirecting — Verdant</title>
      <Spinner centered size="lg" label="Taking you to the product" />
    </Box>
  );
}
