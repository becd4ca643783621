// Image transformation (`/render/image/…`) is a plan feature on hosted Supabase. The local stack
// does not transform images; it answers every render route as hosted does for a project without
// the feature.
import { featureNotEnabled } from './errors.ts';
import type { Handler } from './router.ts';

export const renderImage: Handler = async () => {
  throw featureNotEnabled();
};
