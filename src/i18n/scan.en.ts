// English messages of the counter's scanner that the portal needs on every screen: the app bar's Scan
// button. The scanner's own words, the web card dialog's and the store poster's are in
// ./scanScreens.en.ts and load with those screens.
export const scanEn = {
  // the app bar's button, on every screen
  scanPages: {
    open: 'Scan a card or voucher',
    short: 'Scan',
  },
};
