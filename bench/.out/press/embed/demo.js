// The demo shop's own behaviour (what the voice commands act on): the cart counter and the signup form.
;(() => {
  const count = document.getElementById('cart-count')
  for (const button of document.querySelectorAll('button.add')) {
    button.addEventListener('click', () => {
      count.textContent = String(Number(count.textContent) + 1)
    })
  }
  const form = document.getElementById('signup')
  form.addEventListener('submit', (e) => {
    e.preventDefault()
    const note = document.createElement('p')
    note.setAttribute('role', 'status')
    note.textContent = `Subscribed ${form.email.value || 'you'} — thank you!`
    form.after(note)
  })
})()
