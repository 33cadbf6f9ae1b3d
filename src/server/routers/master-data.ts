// Master data routers (spec §7), one file per area under ./master-data/; this module gathers them.
export { itemRouter, resourceRouter } from './master-data/items';
export { unitRouter } from './master-data/units';
export { locationRouter } from './master-data/locations';
export { workTypeRouter } from './master-data/work-types';
export { customerRouter } from './master-data/customers';
export { jobRouter, jobTaskRouter } from './master-data/jobs';
