import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STATUS } from '@/features/alerts/testing/alert-samples';
import { refreshAlerts } from '@/lib/alerts-store';
import { storeUser } from '@/lib/session';
import { answerGet } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { ADMIN_AUTHDATA } from '@/testing/render-with-providers';
import { AlertMark } from './alert-mark';

describe('AlertMark (issue 28)', () => {
  it('marks the inverter and the string concerned with the alert text, nothing else', async () => {
    server.use(answerGet('api/alerts/status', STATUS));
    storeUser({ authdata: ADMIN_AUTHDATA, code: 10002 });
    render(
      <>
        <AlertMark serial="116491234567" />
        <AlertMark serial="114182345678" channel="1" />
        <AlertMark serial="114182345678" channel="0" />
        <AlertMark serial="999999999999" />
      </>,
    );
    await act(() => refreshAlerts());
    expect(screen.getByTestId('alert-mark-116491234567')).toHaveAccessibleName(
      'Garage roof does not answer',
    );
    expect(screen.getByTestId('alert-mark-114182345678-1')).toHaveAttribute(
      'title',
      'String West 1 of House delivers far less than its neighbours',
    );
    expect(screen.queryByTestId('alert-mark-114182345678-0')).toBeNull();
    expect(screen.queryByTestId('alert-mark-999999999999')).toBeNull();
  });
});
