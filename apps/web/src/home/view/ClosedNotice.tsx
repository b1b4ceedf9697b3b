/** @jsxImportSource preact */
import { paths } from '../../lib/paths';
import { stylesheets } from '../styles';
import { fill } from '../write';
import type { View } from './view';

const { notice } = stylesheets;

/** A closed shop says so at the top, with the reason and the way to customer service. */
export function ClosedNotice({ v }: { v: View }) {
  const { merinfo } = v.state;
  const reason = merinfo?.closed_reason;
  return (
    <div class={notice.closed} role="status" data-testid="shop-closed" hidden={merinfo?.status !== 'closed'}>
      <p>
        <strong>{v.texts.shopClosed}</strong>
      </p>
      <p class={notice.reason} hidden={!reason}>
        {reason && fill(v.texts.closedReason, { reason })}
      </p>
      <a href={paths.service} class={notice.contact}>
        {v.t('service.contact')}
      </a>
    </div>
  );
}
