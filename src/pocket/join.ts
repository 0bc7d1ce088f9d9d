// A store poster's sign-up page (issue 26 item 4). To be written.
export const renderJoin = (root: HTMLElement, storeId: number, programmeId: number): void => {
  root.textContent = `join ${storeId} ${programmeId}`;
};
