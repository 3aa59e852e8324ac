export * from "./IntroPopup"
