import { Component, type ComponentChildren } from 'preact';

/**
 * A region of the page drawn again only when one of the values it is drawn from (`deps`) changed:
 * every answer is a new state and one render of the whole tree (page.ts), and a slow phone should
 * spend it on the region the answer changed, not on all of them.
 */
export class Region extends Component<{ deps: readonly unknown[]; children: () => ComponentChildren }> {
  override shouldComponentUpdate(next: { deps: readonly unknown[] }): boolean {
    const now = this.props.deps;
    return next.deps.length !== now.length || next.deps.some((d, i) => d !== now[i]);
  }
  render() {
    return this.props.children();
  }
}
