import type { MessageType } from '@dropdesk/contract/messages';
import { paths } from '../../lib/paths';

/** The messages feature's screen paths (lib/paths.ts, as the specification's route table spells them). */
export const messagePaths = {
  message: paths.message,
  messageDetail: paths.messageDetail,
} as const;

/** A message's detail: ids are unique within a type, so the address names both. */
export const messageDetailPath = (type: MessageType, id: number) =>
  `${messagePaths.messageDetail}?type=${type}&id=${id}`;

/** A tab of the messages screen. */
export const messageTabPath = (type: MessageType) => `${messagePaths.message}?type=${type}`;
