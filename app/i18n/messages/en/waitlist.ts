// Messages of the waitlist area (issue 9). Keep keys prefixed "waitlist.".
const waitlist = {
};

export default waitlist;
