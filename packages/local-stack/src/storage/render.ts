// Image transformation (`/render/image/…`) is a plan feature on hosted Supabase. The local stack
// does not transform images; it answers every render route as hosted does for a project without
// the feature.
import { featureNotEnabled } from './errors.js';
import type { Handler } from './router.js';

export const renderImage: Handler = async () => {
  throw featureNotEnabled();
};
