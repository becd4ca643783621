import { Button, RouterErrorPage } from '@verdant/ui';
import { useRouteError } from 'react-router-dom';

/** The router's default error page (spec §2), with a way back home. */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <RouterErrorPage error={error} showStack={import.meta.env.DEV}>
      <div>
        {/* A full page load: the router itself may be what failed. */}
        <Button asChild variant="secondary">
          <a href="/">Back to the home page</a>
        </Button>
      </div>
    </RouterErrorPage>
  );
}
