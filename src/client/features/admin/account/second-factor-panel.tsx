import { m } from '../../../../shared/paraglide/messages.js';
import { SECOND_FACTOR_REQUIRED, type SecondFactorRequired } from '../../../../shared/limits';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { AdminSection, SelectField } from '../common/form-parts';

const LABELS: Record<SecondFactorRequired, () => string> = {
  none: () => m.acct_2fa_none(),
  privileged: () => m.acct_2fa_privileged(),
  everyone: () => m.acct_2fa_everyone(),
};

/** Issue 41 §4: who of the account must use a second factor; saved as soon as it is chosen. */
export function SecondFactorPanel() {
  const utils = trpc.useUtils();
  const rule = trpc.security.account.useQuery();
  const save = trpc.security.setAccount.useMutation();
  const change = async (value: SecondFactorRequired) => {
    try {
      await save.mutateAsync({ secondFactorRequired: value });
      utils.security.account.setData(undefined, { secondFactorRequired: value });
      toast.success(m.acct_2fa_saved());
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <AdminSection title={m.acct_2fa_title()} text={m.acct_2fa_text()}>
      <SelectField
        label={m.acct_2fa_label()}
        data-testid="second-factor-required"
        disabled={!rule.data || save.isPending}
        value={rule.data?.secondFactorRequired ?? 'none'}
        onChange={(e) => void change(e.target.value as SecondFactorRequired)}
        options={SECOND_FACTOR_REQUIRED.map((value) => ({ value, label: LABELS[value]() }))}
      />
    </AdminSection>
  );
}
