import { createContext, useContext } from 'react';

/**
 * True where a ticket was opened to be edited (the row's pencil, issue 37): its first editable
 * control, the Status select of Status Management, takes focus when it shows. The row itself opens
 * the same view for reading, with focus where the dialog puts it.
 */
export const EditFocusContext = createContext(false);

export const useEditFocus = () => useContext(EditFocusContext);
