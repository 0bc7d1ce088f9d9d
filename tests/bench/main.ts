// How a bench script ends.

/** Runs a bench's `main` and exits: 0 when it finished, 1 with the error printed when it failed. */
export const runMain = (main: () => Promise<unknown>): void => {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
