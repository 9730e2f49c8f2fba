import { formFieldsWithCoordinatesTool } from '@folio/registry';
import { noBrowserRun } from '../scenario';

export default noBrowserRun(
  formFieldsWithCoordinatesTool,
  'API only: the reference’s form endpoints have no page of their own (filling comes with the page workspace); the HTTP spec covers the answers',
);
