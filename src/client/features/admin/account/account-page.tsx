import { m } from '../../../../shared/paraglide/messages.js';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/spinner';
import { Button } from '../../../components/button';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../../../lib/errors';
import { AccountSettingsForm } from './account-settings-form';
import { ApiKeyPanel } from './api-key-panel';
import { SecondFactorPanel } from './second-factor-panel';
import { ClosedPeriodPanel } from './closed-period-panel';
import { SsoPanel } from './sso-panel';
import './account.css';

/** Spec §2 Account screen: entry-form field settings, defaults, and the API key. */
export function AccountPage() {
  const account = trpc.account.get.useQuery();

  return (
    <>
      <PageHeader title={m.section_account()} subtitle={account.data ? `${account.data.name} · ${account.data.code}` : m.acct_subtitle()} />
      {account.isPending ? (
        <PageSpinner />
      ) : account.isError ? (
        <EmptyState
          title={errorMessage(account.error)}
          action={
            <Button variant="primary" onClick={() => void account.refetch()}>
              {m.action_retry()}
            </Button>
          }
        />
      ) : (
        <div className="acct-layout">
          <AccountSettingsForm account={account.data} />
          <ApiKeyPanel />
          <SecondFactorPanel />
          <ClosedPeriodPanel />
          <SsoPanel />
        </div>
      )}
    </>
  );
}
