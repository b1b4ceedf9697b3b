/** Who a request is signed in as, as the auth plugin sets it (plugins/auth.ts). */

export interface SessionMerchant {
  id: number;
  status: 'active' | 'closed';
  sessionId: number;
}

export interface SessionOperator {
  id: number;
  role: string;
  sessionId: number;
}

/** A storefront buyer's session (modules/store/buyer-sessions.ts). */
export interface SessionBuyer {
  id: number;
  sessionId: number;
}
