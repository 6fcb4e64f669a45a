import type { ApiResult } from '@heliodtu/contract/envelope';
import type { ShownResult } from '@/components/ui/result-alert';
import { failureReason } from '@/lib/device-problem-text';

/**
 * Spec §2: success closes the dialog; any other answer is shown in the dialog's alert. A failed
 * call (network, HTTP error) shows its message the same way.
 */
export async function runCommand(
  send: () => Promise<ApiResult>,
  onSuccess: () => void,
  onOther: (result: ShownResult) => void,
): Promise<void> {
  try {
    const answer = await send();
    if (answer?.type === 'success') onSuccess();
    else onOther(answer ?? { type: 'danger', message: '' });
  } catch (error) {
    onOther({ type: 'danger', message: failureReason(error) });
  }
}
