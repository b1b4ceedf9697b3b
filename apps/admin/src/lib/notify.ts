import type { MessageInstance } from 'antd/es/message/interface';

let api: MessageInstance | null = null;

/**
 * Short confirmations and failures of actions that have no form to show them in (an approval in a
 * queue). Bound to antd's App context by the layout; refusals inside a form stay at their fields.
 */
export const notify = {
  bind(instance: MessageInstance): () => void {
    api = instance;
    return () => {
      if (api === instance) api = null;
    };
  },
  success(text: string): void {
    void api?.success(text);
  },
  error(text: string): void {
    void api?.error(text);
  },
};
