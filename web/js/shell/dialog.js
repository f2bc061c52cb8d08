// A modal question (<dialog>): a heading, one plain sentence, a confirm button
// and a cancel button that has the focus, so Enter or Escape never leaves or
// removes anyone by accident. Resolves true only on the confirm button.

import { h } from './dom.js';

let open = null;

export function confirmDialog({ title, body, confirm, cancel, danger = true }) {
  if (open) open.close('cancel');
  return new Promise((resolve) => {
    const no = h('button', { type: 'button', class: 'btn', testid: 'confirm-no', value: 'cancel' }, cancel);
    const yes = h('button', { type: 'button', class: `btn ${danger ? 'btn-danger' : 'btn-primary'}`, testid: 'confirm-yes', value: 'ok' }, confirm);
    const dialog = h('dialog', { class: 'dialog', testid: 'confirm-dialog', 'aria-labelledby': 'dialog-h', 'aria-describedby': 'dialog-body' },
      h('h2', { id: 'dialog-h', text: title }),
      h('p', { id: 'dialog-body', text: body }),
      h('div', { class: 'dialog-buttons' }, no, yes));
    no.addEventListener('click', () => dialog.close('cancel'));
    yes.addEventListener('click', () => dialog.close('ok'));
    dialog.addEventListener('close', () => {
      if (open === dialog) open = null;
      dialog.remove();
      resolve(dialog.returnValue === 'ok');
    });
    document.body.append(dialog);
    open = dialog;
    dialog.showModal();
    no.focus();
  });
}
