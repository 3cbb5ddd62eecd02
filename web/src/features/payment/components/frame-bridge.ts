/**
 * Inside the provider's iframe, the result pages tell the parent page what happened and wait for its
 * acknowledgement; with no parent listening they break out of the frame (SPEC §4 Payment success page).
 */
export function inFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

export function notifyParentOrBreakOut(message: {
  type: 'payment_success' | 'payment_error';
  [k: string]: unknown;
}) {
  let acked = false;
  const onAck = (e: MessageEvent) => {
    if (e.origin === window.location.origin && (e.data as { type?: string })?.type === 'payment_ack')
      acked = true;
  };
  window.addEventListener('message', onAck);
  window.parent.postMessage(message, window.location.origin);
  window.setTimeout(() => {
    window.removeEventListener('message', onAck);
    if (!acked && window.top) window.top.location.href = window.location.href;
  }, 2000);
}
