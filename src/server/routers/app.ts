import { applyOutputCheck, router } from '../trpc';
import { applyStrictInput } from '../strict-input';
import { accountRouter } from './account';
import { authProcedures } from './auth';
import { customerRouter, itemRouter, jobRouter, jobTaskRouter, locationRouter, resourceRouter, unitRouter, workTypeRouter } from './master-data';
import { userAdminProcedures } from './user-admin';
import { worksheetRouter } from './worksheet';
import { worksheetSubmitRouter } from './worksheet-submit';
import { exportProcedures } from './export';
import { webhooksRouter } from './webhooks';
import { offlineRouter } from './offline';
import { reportRouter } from './report';
import { passkeysRouter } from './passkeys';
import { securityRouter } from './security';
import { importRouter } from './import';
import { ssoRouter } from './sso';
import { passwordLinkRouter } from './password-link';

/**
 * The whole API. Each area contributes its procedures from its own file; the REST adapter serves
 * those with `meta.rest` at the spec's paths. Output validation: see applyOutputCheck (trpc.ts);
 * unknown input keys are refused: see applyStrictInput (strict-input.ts, decision 0300).
 */
export const appRouter = applyStrictInput(
  applyOutputCheck(
    router({
      user: router({ ...authProcedures, ...userAdminProcedures }),
      account: accountRouter,
      item: itemRouter,
      resource: resourceRouter,
      unit: unitRouter,
      location: locationRouter,
      workType: workTypeRouter,
      customer: customerRouter,
      job: jobRouter,
      jobTask: jobTaskRouter,
      worksheet: router({ ...worksheetRouter, ...worksheetSubmitRouter, ...exportProcedures }),
      webhooks: webhooksRouter,
      offline: offlineRouter,
      report: router(reportRouter),
      security: securityRouter,
      passkeys: passkeysRouter,
      import: importRouter,
      sso: ssoRouter,
      passwordLink: passwordLinkRouter,
    }),
  ),
);

export type AppRouter = typeof appRouter;
