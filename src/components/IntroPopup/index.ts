export * from './IntroPopup'
