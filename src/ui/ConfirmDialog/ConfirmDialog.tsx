import { useEffect, useRef } from "react";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useConfirmations } from "../session-context";
import { ChangeList, CodeList } from "./ChangeList";
import { worded } from "./worded";
import "./ConfirmDialog.css";

/**
 * The page's yes/no question before the learner's work is lost, in the page (not window.confirm, which
 * freezes the page's drawing and which automation and some projector setups cannot answer). Esc or the
 * cancel button keeps everything as it is; the cancel button has the focus, so Enter never discards.
 */
export function ConfirmDialog() {
  const confirmations = useConfirmations();
  const { t } = useT("confirmDialog");
  const question = worded(t, useStore(confirmations));
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (question && !dialog.open) {
      dialog.showModal();
      cancel.current?.focus();
    }
    if (!question && dialog.open) dialog.close();
  }, [question]);
  return (
    <dialog
      ref={ref}
      className="confirm"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      onClose={() => confirmations.answer(false)}
      onKeyDown={(e) => {
        // Esc answers "keep" here, and only here: the page's own Esc (abort the run) must not see it, and
        // its preventDefault would stop the dialog from closing.
        if (e.key !== "Escape") return;
        e.stopPropagation();
        confirmations.answer(false);
      }}
    >
      <h2 id="confirm-title">{question?.title}</h2>
      <p id="confirm-text">{question?.text}</p>
      {question?.changes ? <ChangeList changes={question.changes} /> : null}
      {question?.code ? <CodeList code={question.code} /> : null}
      <div className="confirm__buttons">
        <button type="button" ref={cancel} onClick={() => confirmations.answer(false)}>
          {question?.cancel}
        </button>
        {question?.alternative ? (
          <button type="button" onClick={() => confirmations.answer("alternative")}>
            {question.alternative}
          </button>
        ) : null}
        <button type="button" className="danger" onClick={() => confirmations.answer(true)}>
          {question?.confirm}
        </button>
      </div>
    </dialog>
  );
}
